/**
 * Pinhole camera with OpenCV's Brown–Conrady distortion (k1, k2, p1, p2, k3).
 *
 * Conventions (used by every step):
 * - World frame: metres; see calibration/world-frame for the board-to-world rotation (Y up, X forward).
 * - Extrinsics map world to camera: Xc = R * Xw + t. R is row-major 3x3. Camera looks along +Z,
 *   image x to the right, image y down (OpenCV convention).
 * - Pixel coordinates: (0,0) is the centre of the top-left pixel.
 */
export type Vec3 = [number, number, number];
export type Mat3 = [number, number, number, number, number, number, number, number, number];

export interface CameraIntrinsics {
  width: number;
  height: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  /** k1, k2, p1, p2, k3 */
  dist: [number, number, number, number, number];
  /** True when estimated from the calibration recording alone (no profile, no multi-view board). */
  estimated?: boolean;
}

export interface CameraExtrinsics {
  R: Mat3;
  t: Vec3;
}

export interface CameraModel {
  name: string;
  intrinsics: CameraIntrinsics;
  extrinsics: CameraExtrinsics;
}

export function worldToCamera(ext: CameraExtrinsics, p: Vec3): Vec3 {
  const R = ext.R;
  return [
    R[0] * p[0] + R[1] * p[1] + R[2] * p[2] + ext.t[0],
    R[3] * p[0] + R[4] * p[1] + R[5] * p[2] + ext.t[1],
    R[6] * p[0] + R[7] * p[1] + R[8] * p[2] + ext.t[2],
  ];
}

/** Applies lens distortion to normalised image coordinates. */
export function distortNormalized(intr: CameraIntrinsics, x: number, y: number): [number, number] {
  const [k1, k2, p1, p2, k3] = intr.dist;
  const r2 = x * x + y * y;
  const radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3));
  const xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x);
  const yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y;
  return [xd, yd];
}

/** Projects a world point to pixels; returns null when the point is behind the camera. */
export function projectPoint(cam: CameraModel, p: Vec3): [number, number] | null {
  const c = worldToCamera(cam.extrinsics, p);
  if (c[2] <= 1e-9) return null;
  const [xd, yd] = distortNormalized(cam.intrinsics, c[0] / c[2], c[1] / c[2]);
  return [cam.intrinsics.fx * xd + cam.intrinsics.cx, cam.intrinsics.fy * yd + cam.intrinsics.cy];
}

/** Removes lens distortion from a pixel, returning normalised image coordinates (x/z, y/z). */
export function undistortToNormalized(intr: CameraIntrinsics, u: number, v: number): [number, number] {
  const xd = (u - intr.cx) / intr.fx;
  const yd = (v - intr.cy) / intr.fy;
  let x = xd;
  let y = yd;
  // Fixed-point iteration as in OpenCV's undistortPoints; converges in a few steps for phone lenses.
  for (let i = 0; i < 20; i++) {
    const [dx, dy] = distortNormalized(intr, x, y);
    const ex = dx - xd;
    const ey = dy - yd;
    x -= ex;
    y -= ey;
    if (ex * ex + ey * ey < 1e-24) break;
  }
  return [x, y];
}

/** Camera centre in world coordinates: C = -R^T t. */
export function cameraCenter(ext: CameraExtrinsics): Vec3 {
  const R = ext.R;
  const t = ext.t;
  return [
    -(R[0] * t[0] + R[3] * t[1] + R[6] * t[2]),
    -(R[1] * t[0] + R[4] * t[1] + R[7] * t[2]),
    -(R[2] * t[0] + R[5] * t[1] + R[8] * t[2]),
  ];
}

/** 3x4 projection matrix P = [R | t] for normalised (undistorted) coordinates, row-major. */
export function normalizedProjectionMatrix(ext: CameraExtrinsics): number[] {
  const R = ext.R;
  const t = ext.t;
  return [R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2]];
}
