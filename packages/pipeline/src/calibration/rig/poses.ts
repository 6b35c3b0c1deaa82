import type { CameraExtrinsics, CameraIntrinsics, Mat3, Vec3 } from '../../camera/camera-model';
import { mat3Mul, mat3Transpose, mat3Vec } from '../math/mat3';
import { planarPoses } from '../solve/planar-pose';
import { cameraUpInBoard } from '../solve/world-frame';
import { boardObjectPoints, type BoardSpec, type Point2 } from '../types';

/** One planar-PnP solution: board → camera pose with its reprojection error and the corner order used. */
export interface PoseCandidate {
  pose: CameraExtrinsics;
  rmsPx: number;
  corners: Point2[];
}

export const norm3 = (v: Vec3): Vec3 => {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
};
export const dot3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const angleDeg = (a: Vec3, b: Vec3) =>
  (Math.acos(Math.min(1, Math.max(-1, dot3(norm3(a), norm3(b))))) * 180) / Math.PI;

/**
 * Both planar-PnP solutions (a board seen at a distance has two: a flip of its normal), best first; for a
 * board whose pattern is symmetric under a half turn, also those of the reversed corner order.
 */
export function poseCandidates(
  intrinsics: CameraIntrinsics,
  board: BoardSpec,
  corners: Point2[],
  ambiguous: boolean,
): PoseCandidate[] {
  const obj = boardObjectPoints(board);
  const orders = ambiguous ? [corners, [...corners].reverse()] : [corners];
  const out: PoseCandidate[] = [];
  for (const c of orders)
    for (const s of planarPoses(intrinsics, obj, c)) out.push({ pose: s.pose, rmsPx: s.rmsPx, corners: c });
  return out.sort((a, b) => a.rmsPx - b.rmsPx);
}

/** A clear winner has a much lower reprojection error than the runner-up. */
export const isClear = (c: PoseCandidate[]) => c.length === 1 || c[1].rmsPx > 1.5 * c[0].rmsPx + 0.3;
/** Candidates close enough to the best one that something else must decide between them. */
export const nearBest = (c: PoseCandidate[]) => c.filter((k) => k.rmsPx <= 1.5 * c[0].rmsPx + 0.3);

/**
 * Chooses each camera's solution when the board defines the world: a clear winner by reprojection error, else
 * (and for a half-turn-ambiguous board) the one agreeing with the cameras' consensus "up" direction, which is
 * robust to one odd camera. A board on the floor gives the up direction itself (out of its face).
 */
export function chooseBoardPoses(
  candidates: PoseCandidate[][],
  lying: boolean,
): { chosen: PoseCandidate[]; up: Vec3 } {
  const chosen = candidates.map((c) => c[0]);
  const upOf = (k: PoseCandidate) => norm3(cameraUpInBoard(k.pose));
  const consensus = (): Vec3 => {
    const ups = chosen.map(upOf);
    // Medoid (smallest summed angle to the others), then the mean of the ups within 60° of it.
    let medoid = ups[0];
    let bestSum = Infinity;
    for (const u of ups) {
      const sum = ups.reduce((acc, v) => acc + Math.acos(Math.min(1, Math.max(-1, dot3(u, v)))), 0);
      if (sum < bestSum) {
        bestSum = sum;
        medoid = u;
      }
    }
    const s: Vec3 = [0, 0, 0];
    for (const u of ups)
      if (dot3(u, medoid) > 0.5) {
        s[0] += u[0];
        s[1] += u[1];
        s[2] += u[2];
      }
    return norm3(s);
  };
  const floorUp: Vec3 = [0, 0, -1];
  let up = lying ? floorUp : chosen.length ? consensus() : ([0, -1, 0] as Vec3);
  candidates.forEach((c, i) => {
    if (isClear(c)) return;
    const near = nearBest(c);
    near.sort((a, b) => dot3(upOf(b), up) - dot3(upOf(a), up));
    chosen[i] = near[0];
  });
  if (chosen.length && !lying) up = consensus();
  return { chosen, up };
}

/** A rigid transform X' = R·X + t. */
export interface Rigid {
  R: Mat3;
  t: Vec3;
}

export const applyRigid = (T: Rigid, X: Vec3): Vec3 => {
  const r = mat3Vec(T.R, X);
  return [r[0] + T.t[0], r[1] + T.t[1], r[2] + T.t[2]];
};

/** Inverse of a world → camera pose: camera → world. */
export function invert(T: Rigid): Rigid {
  const Rt = mat3Transpose(T.R);
  const t = mat3Vec(Rt, T.t);
  return { R: Rt, t: [-t[0], -t[1], -t[2]] };
}

export const compose = (A: Rigid, B: Rigid): Rigid => ({ R: mat3Mul(A.R, B.R), t: applyRigid(A, B.t) });

/** Board → world transform seen by a calibrated camera (world → camera `camera`, board → camera `board`). */
export const boardToWorld = (camera: CameraExtrinsics, board: CameraExtrinsics): Rigid =>
  compose(invert(camera), board);

/** World → camera pose of a camera that sees the board (board → camera) placed in the world (board → world). */
export const cameraFromBoard = (board: CameraExtrinsics, boardInWorld: Rigid): CameraExtrinsics =>
  compose(board, invert(boardInWorld));

/** The world positions of the board's corners for a board → world transform. */
export const cornersInWorld = (board: BoardSpec, T: Rigid): Vec3[] =>
  boardObjectPoints(board).map((p) => applyRigid(T, p));
