import type { CameraExtrinsics, CameraIntrinsics, Vec3 } from '../../camera/camera-model';
import { levenbergMarquardt } from '../math/levenberg-marquardt';
import { fitHomography, mul3 } from '../math/linalg';
import { matToRodrigues, rodriguesToMat } from '../math/mat3';
import { boardObjectPoints, type BoardSpec, type Point2 } from '../types';
import { planarPoses, projectWith, reprojectionRms } from './planar-pose';

export interface BoardView {
  /** Detected corners in board order (rows·cols). */
  corners: Point2[];
}

export interface IntrinsicsResult {
  intrinsics: CameraIntrinsics;
  /** RMS reprojection error over all corners of all views, pixels. */
  rmsPx: number;
  perViewRmsPx: number[];
  /** Board → camera pose per view. */
  poses: CameraExtrinsics[];
}

export interface CalibrateIntrinsicsOptions {
  /** Estimated mode: principal point at the centre, square pixels, no distortion; only the focal length is solved. */
  estimateFocalOnly?: boolean;
}

/**
 * Focal lengths from board homographies with the principal point at the image centre (as OpenCV's
 * initIntrinsicParams2D): the homography columns h1, h2 are images of orthonormal vectors, which gives two
 * equations per view linear in 1/fx² and 1/fy².
 */
export function focalFromHomographies(
  views: Point2[][],
  obj: Vec3[],
  cx: number,
  cy: number,
  squarePixels: boolean,
): { fx: number; fy: number } {
  const rows: number[][] = [];
  const rhs: number[] = [];
  for (const img of views) {
    const H0 = fitHomography(
      obj.map((X) => [X[0], X[1]]),
      img,
    );
    const H = mul3([1, 0, -cx, 0, 1, -cy, 0, 0, 1], H0);
    const n = Math.hypot(...H);
    const h = H.map((v) => v / n);
    const [h1x, h1y, h1z, h2x, h2y, h2z] = [h[0], h[3], h[6], h[1], h[4], h[7]];
    rows.push([h1x * h2x, h1y * h2y]);
    rhs.push(-h1z * h2z);
    rows.push([h1x * h1x - h2x * h2x, h1y * h1y - h2y * h2y]);
    rhs.push(-(h1z * h1z - h2z * h2z));
  }
  if (squarePixels) {
    let num = 0;
    let den = 0;
    rows.forEach((r, i) => {
      const a = r[0] + r[1];
      num += a * rhs[i];
      den += a * a;
    });
    const inv = num / den;
    if (!(inv > 0))
      throw new Error('focal length estimation failed: board views are too frontal (tilt the board)');
    const f = 1 / Math.sqrt(inv);
    return { fx: f, fy: f };
  }
  let s00 = 0;
  let s01 = 0;
  let s11 = 0;
  let b0 = 0;
  let b1 = 0;
  rows.forEach((r, i) => {
    s00 += r[0] * r[0];
    s01 += r[0] * r[1];
    s11 += r[1] * r[1];
    b0 += r[0] * rhs[i];
    b1 += r[1] * rhs[i];
  });
  const det = s00 * s11 - s01 * s01;
  const a = (s11 * b0 - s01 * b1) / det;
  const b = (s00 * b1 - s01 * b0) / det;
  if (!(a > 0 && b > 0)) return focalFromHomographies(views, obj, cx, cy, true);
  return { fx: 1 / Math.sqrt(a), fy: 1 / Math.sqrt(b) };
}

/**
 * Zhang-style calibration from several views of a planar board: focal lengths from the homographies
 * (principal point at the centre), a pose per view by IPPE, then Levenberg–Marquardt on all reprojection
 * errors over fx, fy, cx, cy, k1, k2, p1, p2, k3 and the poses.
 */
export function calibrateIntrinsics(
  views: BoardView[],
  board: BoardSpec,
  imageSize: { width: number; height: number },
  opts: CalibrateIntrinsicsOptions = {},
): IntrinsicsResult {
  const obj = boardObjectPoints(board);
  const n = obj.length;
  for (const v of views)
    if (v.corners.length !== n)
      throw new Error(`calibrateIntrinsics: a view has ${v.corners.length} corners, expected ${n}`);
  const focalOnly = opts.estimateFocalOnly ?? false;
  if (views.length < (focalOnly ? 1 : 3))
    throw new Error(`too few views for intrinsics: ${views.length} (need ${focalOnly ? 1 : 3})`);
  const { width, height } = imageSize;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const f0 = focalFromHomographies(
    views.map((v) => v.corners),
    obj,
    cx,
    cy,
    focalOnly,
  );
  const init: CameraIntrinsics = { width, height, fx: f0.fx, fy: f0.fy, cx, cy, dist: [0, 0, 0, 0, 0] };
  const poses = views.map((v) => planarPoses(init, obj, v.corners)[0].pose);

  const NI = 9;
  const x0 = [init.fx, init.fy, cx, cy, 0, 0, 0, 0, 0];
  for (const p of poses) x0.push(...matToRodrigues(p.R), ...p.t);
  const fixed = new Set<number>(focalOnly ? [1, 2, 3, 4, 5, 6, 7, 8] : []);
  const intrOf = (x: number[]): CameraIntrinsics => ({
    width,
    height,
    fx: x[0],
    fy: focalOnly ? x[0] : x[1],
    cx: x[2],
    cy: x[3],
    dist: [x[4], x[5], x[6], x[7], x[8]],
  });
  const viewResiduals = (x: number[], intr: CameraIntrinsics, vi: number, out: number[]) => {
    const o = NI + vi * 6;
    const R = rodriguesToMat([x[o], x[o + 1], x[o + 2]]);
    const t: Vec3 = [x[o + 3], x[o + 4], x[o + 5]];
    const img = views[vi].corners;
    for (let k = 0; k < n; k++) {
      const p = projectWith(intr, R, t, obj[k]);
      out.push(p[0] - img[k][0], p[1] - img[k][1]);
    }
  };
  const residuals = (x: number[]) => {
    const intr = intrOf(x);
    const r: number[] = [];
    for (let vi = 0; vi < views.length; vi++) viewResiduals(x, intr, vi, r);
    return r;
  };
  const res = levenbergMarquardt(residuals, x0, {
    fixed,
    maxIterations: 200,
    residualSubset: (_x, k) => {
      if (k < NI) return { indices: [...Array(views.length * n * 2).keys()], values: residuals };
      const vi = Math.floor((k - NI) / 6);
      const indices = [...Array(n * 2).keys()].map((q) => vi * n * 2 + q);
      return {
        indices,
        values: (x) => {
          const r: number[] = [];
          viewResiduals(x, intrOf(x), vi, r);
          return r;
        },
      };
    },
  });
  const intrinsics = intrOf(res.x);
  if (focalOnly) intrinsics.estimated = true;
  const finalPoses: CameraExtrinsics[] = views.map((_, vi) => {
    const o = NI + vi * 6;
    return {
      R: rodriguesToMat([res.x[o], res.x[o + 1], res.x[o + 2]]),
      t: [res.x[o + 3], res.x[o + 4], res.x[o + 5]],
    };
  });
  const perViewRmsPx = views.map((v, vi) => reprojectionRms(intrinsics, finalPoses[vi], obj, v.corners));
  const rmsPx = Math.sqrt(perViewRmsPx.reduce((s, e) => s + e * e, 0) / views.length);
  return { intrinsics, rmsPx, perViewRmsPx, poses: finalPoses };
}
