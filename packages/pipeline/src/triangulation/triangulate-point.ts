import type { CameraModel } from '../camera/camera-model';

/** One camera's view of a point: undistorted normalised coordinates and a weight (the detector's confidence). */
export interface PointObservation {
  camera: number;
  x: number;
  y: number;
  weight: number;
}

export interface TriangulatedPoint {
  position: [number, number, number];
  /** Mean reprojection error in pixels over the cameras kept. */
  errorPx: number;
  /** Indices of the cameras kept. */
  cameras: number[];
}

export interface PointTriangulationOptions {
  /** Mean reprojection error (px) above which the worst cameras are dropped, then the point rejected. */
  maxErrorPx: number;
  minCameras: number;
}

/**
 * Weighted linear triangulation (DLT with the homogeneous coordinate fixed to 1, solved through the 3x3
 * normal equations). Each camera contributes w * (x * P3 - P1) and w * (y * P3 - P2).
 */
export function linearTriangulation(
  cams: readonly CameraModel[],
  obs: readonly PointObservation[],
): [number, number, number] | null {
  // Normal equations M X = v (M symmetric 3x3).
  let m00 = 0,
    m01 = 0,
    m02 = 0,
    m11 = 0,
    m12 = 0,
    m22 = 0,
    v0 = 0,
    v1 = 0,
    v2 = 0;
  for (const o of obs) {
    const { R, t } = cams[o.camera].extrinsics;
    const w = o.weight;
    for (let row = 0; row < 2; row++) {
      const c = row === 0 ? o.x : o.y;
      const r = row * 3; // row 0 of P for x, row 1 for y
      const a0 = w * (c * R[6] - R[r]);
      const a1 = w * (c * R[7] - R[r + 1]);
      const a2 = w * (c * R[8] - R[r + 2]);
      const b = -w * (c * t[2] - t[row]);
      m00 += a0 * a0;
      m01 += a0 * a1;
      m02 += a0 * a2;
      m11 += a1 * a1;
      m12 += a1 * a2;
      m22 += a2 * a2;
      v0 += a0 * b;
      v1 += a1 * b;
      v2 += a2 * b;
    }
  }
  const c00 = m11 * m22 - m12 * m12;
  const c01 = m02 * m12 - m01 * m22;
  const c02 = m01 * m12 - m02 * m11;
  const det = m00 * c00 + m01 * c01 + m02 * c02;
  if (!(Math.abs(det) > 1e-18)) return null;
  const c11 = m00 * m22 - m02 * m02;
  const c12 = m01 * m02 - m00 * m12;
  const c22 = m00 * m11 - m01 * m01;
  return [
    (c00 * v0 + c01 * v1 + c02 * v2) / det,
    (c01 * v0 + c11 * v1 + c12 * v2) / det,
    (c02 * v0 + c12 * v1 + c22 * v2) / det,
  ];
}

/** Reprojection error in pixels of X against one observation (in undistorted coordinates, scaled by f). */
export function reprojectionErrorPx(cam: CameraModel, X: readonly number[], o: PointObservation): number {
  const { R, t } = cam.extrinsics;
  const zc = R[6] * X[0] + R[7] * X[1] + R[8] * X[2] + t[2];
  if (zc <= 1e-9) return Infinity;
  const xc = (R[0] * X[0] + R[1] * X[1] + R[2] * X[2] + t[0]) / zc;
  const yc = (R[3] * X[0] + R[4] * X[1] + R[5] * X[2] + t[1]) / zc;
  const dx = (xc - o.x) * cam.intrinsics.fx;
  const dy = (yc - o.y) * cam.intrinsics.fy;
  return Math.sqrt(dx * dx + dy * dy);
}

function solve(cams: readonly CameraModel[], obs: readonly PointObservation[]): TriangulatedPoint | null {
  const X = linearTriangulation(cams, obs);
  if (!X) return null;
  let sum = 0;
  for (const o of obs) sum += reprojectionErrorPx(cams[o.camera], X, o);
  return { position: X, errorPx: sum / obs.length, cameras: obs.map((o) => o.camera) };
}

/**
 * Triangulates with outlier-camera rejection: while the mean reprojection error exceeds maxErrorPx and more
 * than minCameras remain, the camera whose removal lowers the error most is dropped (leave-one-out search).
 * Returns null when fewer than minCameras see the point or the error stays above the threshold.
 */
export function triangulateRobust(
  cams: readonly CameraModel[],
  observations: readonly PointObservation[],
  opts: PointTriangulationOptions,
): TriangulatedPoint | null {
  let obs = observations;
  if (obs.length < opts.minCameras) return null;
  let best = solve(cams, obs);
  while (best && best.errorPx > opts.maxErrorPx && obs.length > opts.minCameras) {
    let candidate: TriangulatedPoint | null = null;
    let candidateObs = obs;
    for (let skip = 0; skip < obs.length; skip++) {
      const subset = obs.filter((_, i) => i !== skip);
      const r = solve(cams, subset);
      if (r && (!candidate || r.errorPx < candidate.errorPx)) {
        candidate = r;
        candidateObs = subset;
      }
    }
    if (!candidate) break;
    best = candidate;
    obs = candidateObs;
  }
  if (!best || !(best.errorPx <= opts.maxErrorPx)) return null;
  // A point behind any kept camera is a wrong correspondence.
  for (const o of obs)
    if (!Number.isFinite(reprojectionErrorPx(cams[o.camera], best.position, o))) return null;
  return best;
}
