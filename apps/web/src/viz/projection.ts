import type { CameraModelJson } from '@poselab/contract';

/**
 * World → image projection of a calibrated camera, as packages/pipeline's camera-model.ts does it (the browser
 * cannot import the pipeline): OpenCV pinhole with Brown–Conrady distortion (k1, k2, p1, p2, k3), extrinsics
 * world → camera Xc = R·Xw + t (R row-major, metres, world Y up), pixel (0, 0) the centre of the top-left
 * pixel of the calibrated image size.
 */
export type Vec3 = [number, number, number];

/** Pixel of a world point in the calibrated image, or null behind the camera. */
export function projectPoint(cam: CameraModelJson, p: Vec3): [number, number] | null {
  const R = cam.extrinsics.R;
  const t = cam.extrinsics.t;
  const xc = R[0] * p[0] + R[1] * p[1] + R[2] * p[2] + t[0];
  const yc = R[3] * p[0] + R[4] * p[1] + R[5] * p[2] + t[1];
  const zc = R[6] * p[0] + R[7] * p[1] + R[8] * p[2] + t[2];
  if (zc <= 1e-9) return null;
  const x = xc / zc;
  const y = yc / zc;
  const i = cam.intrinsics;
  const [k1, k2, p1, p2, k3] = i.dist;
  const r2 = x * x + y * y;
  const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3));
  const xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x);
  const yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y;
  return [i.fx * xd + i.cx, i.fy * yd + i.cy];
}

/** Where a video's picture lies in its element (object-fit: contain) and how calibrated pixels map onto it. */
export interface PictureMapping {
  /** Element pixels per calibrated pixel, in x and y. */
  scaleX: number;
  scaleY: number;
  /** Element position of the calibrated image's top-left corner (not the centre of its first pixel). */
  left: number;
  top: number;
}

/**
 * Maps calibrated pixels onto a video shown in an element of `elementWidth` x `elementHeight` with
 * object-fit: contain. The synced video may be smaller than the calibrated image (the worker writes at most
 * 1280 px), so the picture is scaled; null when its aspect ratio differs from the calibrated one by more than
 * 2 % (a rotated or cropped video, where the calibration does not apply).
 */
export function pictureMapping(
  cam: CameraModelJson,
  videoWidth: number,
  videoHeight: number,
  elementWidth: number,
  elementHeight: number,
): PictureMapping | null {
  const { width, height } = cam.intrinsics;
  if (!(videoWidth > 0 && videoHeight > 0 && width > 0 && height > 0)) return null;
  if (Math.abs(videoWidth / videoHeight / (width / height) - 1) > 0.02) return null;
  const fit = Math.min(elementWidth / videoWidth, elementHeight / videoHeight);
  const shownW = videoWidth * fit;
  const shownH = videoHeight * fit;
  return {
    scaleX: shownW / width,
    scaleY: shownH / height,
    left: (elementWidth - shownW) / 2,
    top: (elementHeight - shownH) / 2,
  };
}

/** Element coordinates of a calibrated pixel (pixel centres sit half a pixel in). */
export function toElement(m: PictureMapping, px: [number, number]): [number, number] {
  return [m.left + (px[0] + 0.5) * m.scaleX, m.top + (px[1] + 0.5) * m.scaleY];
}
