/**
 * Virtual phones placed as a user places them: portrait 1080×1920 at 60 fps, on tripods 1.2 m high, around the
 * capture area at a chosen azimuth (0° in front of the subject, who faces +X; positive towards the subject's
 * right, +Z), 3.5 m away or further when the whole movement would not stay in the picture.
 */
import { lookAt, projectPoint, type CameraIntrinsics, type CameraModel, type Vec3 } from '@poselab/pipeline';

export const PHONE_WIDTH = 1080;
export const PHONE_HEIGHT = 1920;
export const PHONE_FPS = 60;
/** A phone's main camera in portrait (the demo's cam01 has fx 1674 at 1080×1920). */
export const PHONE_FOCAL_PX = 1600;

export function phoneIntrinsics(): CameraIntrinsics {
  return {
    width: PHONE_WIDTH,
    height: PHONE_HEIGHT,
    fx: PHONE_FOCAL_PX,
    fy: PHONE_FOCAL_PX,
    // Pixel (0, 0) is the centre of the top-left pixel: the optical axis goes through the image's middle.
    cx: (PHONE_WIDTH - 1) / 2,
    cy: (PHONE_HEIGHT - 1) / 2,
    dist: [0, 0, 0, 0, 0],
  };
}

export interface Placement {
  azimuthDeg: number;
  distanceM: number;
  heightM: number;
}

/** Default azimuths: 4 phones in front, at ±40° and at the side; 2 phones at ±35°. */
export function defaultAzimuths(count: number): number[] {
  if (count === 2) return [-35, 35];
  if (count === 3) return [-40, 0, 40];
  if (count === 4) return [0, 40, -40, 90];
  return Array.from({ length: count }, (_, i) => -90 + (180 * i) / Math.max(1, count - 1));
}

export function phoneCamera(name: string, p: Placement, centre: Vec3, targetHeightM = 0.9): CameraModel {
  const a = (p.azimuthDeg * Math.PI) / 180;
  const eye: Vec3 = [centre[0] + p.distanceM * Math.cos(a), p.heightM, centre[2] + p.distanceM * Math.sin(a)];
  return {
    name,
    intrinsics: phoneIntrinsics(),
    extrinsics: lookAt(eye, [centre[0], targetHeightM, centre[2]], [0, 1, 0]),
  };
}

/** Whether every point projects inside the picture with a margin (fraction of each side). */
export function allInView(cam: CameraModel, points: readonly Vec3[], margin = 0.04): boolean {
  const { width: w, height: h } = cam.intrinsics;
  return points.every((p) => {
    const uv = projectPoint(cam, p);
    return (
      !!uv && uv[0] > margin * w && uv[0] < (1 - margin) * w && uv[1] > margin * h && uv[1] < (1 - margin) * h
    );
  });
}

/**
 * A phone at this azimuth, `minDistanceM` away or moved back in 10 cm steps until `points` (the subject over
 * the whole movement) stay in view.
 */
export function placePhone(
  name: string,
  azimuthDeg: number,
  centre: Vec3,
  points: readonly Vec3[],
  minDistanceM = 3.5,
  heightM = 1.2,
): CameraModel {
  for (let d = minDistanceM; d < 12; d += 0.1) {
    const cam = phoneCamera(name, { azimuthDeg, distanceM: d, heightM }, centre);
    if (allInView(cam, points)) return cam;
  }
  throw new Error(`camera ${name}: the movement does not fit in view even 12 m away`);
}

/** three.js camera world matrix (column-major 4×4; looks along -Z, Y up) of an OpenCV camera. */
export function threeCameraMatrix(cam: CameraModel): number[] {
  const { R, t } = cam.extrinsics;
  // Camera centre C = -Rᵀt; camera axes in world are the rows of R; three's Y and Z are OpenCV's -y and -z.
  const C = [0, 1, 2].map((i) => -(R[i] * t[0] + R[3 + i] * t[1] + R[6 + i] * t[2]));
  const x = [R[0], R[1], R[2]];
  const y = [-R[3], -R[4], -R[5]];
  const z = [-R[6], -R[7], -R[8]];
  return [...x, 0, ...y, 0, ...z, 0, ...C, 1];
}

/** Vertical field of view (degrees) of three's PerspectiveCamera for these intrinsics (fx = fy, centred). */
export function verticalFovDeg(intr: CameraIntrinsics): number {
  return (2 * Math.atan(intr.height / 2 / intr.fy) * 180) / Math.PI;
}
