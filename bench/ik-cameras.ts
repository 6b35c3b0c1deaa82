/**
 * Virtual cameras for bench:ik: projection with the pipeline's camera model, pixel noise, and the pipeline's
 * own multi-camera triangulation (`triangulateKeypoints`: weighted DLT, outlier-camera rejection, gap filling).
 */
import {
  lookAt,
  projectPoint,
  triangulateKeypoints,
  type CameraModel,
  type Keypoints2D,
  type Vec3,
} from '@poselab/pipeline';

export function seededRandom(seed: number): { uniform: () => number; gaussian: () => number } {
  let s = seed >>> 0;
  const uniform = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, gaussian };
}

/** Portrait phone camera (1080x1920, fx = fy = 1450 px, mild distortion) at `center` looking at `target`, Y up. */
export function phoneCamera(name: string, center: Vec3, target: Vec3): CameraModel {
  return {
    name,
    intrinsics: {
      width: 1080,
      height: 1920,
      fx: 1450,
      fy: 1450,
      cx: 540,
      cy: 960,
      dist: [0.08, -0.2, 0, 0, 0],
    },
    extrinsics: lookAt(center, target, [0, 1, 0]),
  };
}

/** Cameras on a circle of `radius` around `centre` at 1.2 m height; 4 cameras every 90°, 2 cameras 90° apart in front. */
export function cameraRing(count: 2 | 4, centre: Vec3, radius: number): CameraModel[] {
  const yaws = count === 4 ? [45, 135, 225, 315] : [-45, 45];
  return yaws.map((deg, i) => {
    const a = (deg * Math.PI) / 180;
    return phoneCamera(
      `cam${i + 1}`,
      [centre[0] + radius * Math.cos(a), 1.2, centre[2] + radius * Math.sin(a)],
      [centre[0], 0.9, centre[2]],
    );
  });
}

/**
 * Projects every keypoint of every frame into each camera (frames × names × 3 flat arrays), adds Gaussian pixel
 * noise (sigma px per axis) and triangulates the views with the pipeline's `triangulateKeypoints`.
 */
export function projectAndTriangulate(
  cams: CameraModel[],
  frames: Float64Array[],
  names: readonly string[],
  fps: number,
  sigmaPx: number,
  rng: { gaussian: () => number },
): Float64Array[] {
  const K = names.length;
  const views: Keypoints2D[] = cams.map((cam) => ({
    names,
    fps,
    width: cam.intrinsics.width,
    height: cam.intrinsics.height,
    frameCount: frames.length,
    data: new Float64Array(frames.length * K * 3),
  }));
  frames.forEach((points, f) => {
    for (let k = 0; k < K; k++) {
      const P: Vec3 = [points[3 * k], points[3 * k + 1], points[3 * k + 2]];
      cams.forEach((cam, c) => {
        const px = projectPoint(cam, P);
        const at = (f * K + k) * 3;
        // A point behind the camera is simply not detected there.
        views[c].data.set(
          px ? [px[0] + sigmaPx * rng.gaussian(), px[1] + sigmaPx * rng.gaussian(), 1] : [NaN, NaN, 0],
          at,
        );
      });
    }
  });
  const { keypoints } = triangulateKeypoints(cams, views);
  return frames.map((_p, f) => {
    const out = new Float64Array(3 * K);
    keypoints.positions.forEach((xyz, k) => out.set(xyz.subarray(3 * f, 3 * f + 3), 3 * k));
    return out;
  });
}
