import {
  boardObjectPoints,
  projectPoint,
  type CameraExtrinsics,
  type Mat3,
  type Vec3,
} from '@poselab/pipeline';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { phoneCamera } from './cameras';
import { BENCH_BOARD, boardPose, toTruthWorld } from './checkerboard';

const cams = [0, 40, -40, 90].map((a, i) =>
  phoneCamera(`Camera ${i + 1}`, { azimuthDeg: a, distanceM: 3.6, heightM: 1.2 }, [0.2, 0, -0.1]),
);

describe('checkerboard calibration of the virtual phones', () => {
  it('stands the board upright at the centre, facing the phones', () => {
    const centre: Vec3 = [0.2, 1, -0.1];
    for (const cam of cams) {
      const pose = boardPose(cam, centre, 22.5, BENCH_BOARD);
      const pts = boardObjectPoints(BENCH_BOARD);
      // The board's middle projects where the world's centre point does.
      const mid = [0, 1, 2].map((i) => pts.reduce((sum, p) => sum + p[i], 0) / pts.length) as Vec3;
      const board = projectPoint({ ...cam, extrinsics: pose }, mid)!;
      const world = projectPoint(cam, centre)!;
      expect(Math.hypot(board[0] - world[0], board[1] - world[1])).toBeLessThan(1e-6);
      // Its face points towards the camera (z into the board, away from it).
      expect(pose.R[8]).toBeGreaterThan(0.3);
    }
  });

  it('brings cameras calibrated in the board world back into the truth world', () => {
    // The board's world: x_est = Q·x_true + s.
    const Q = new Quaternion().setFromAxisAngle(new Vector3(0.3, 1, -0.2).normalize(), 1.1);
    const s = new Vector3(0.4, -1.0, 2.5);
    const Qm = new Matrix4().makeRotationFromQuaternion(Q).elements;
    const inBoardWorld = ({ R, t }: CameraExtrinsics): CameraExtrinsics => {
      // R' = R·Qᵀ, t' = t − R'·s.
      const Rp = [0, 1, 2].flatMap((r) =>
        [0, 1, 2].map((c) => R[3 * r] * Qm[c] + R[3 * r + 1] * Qm[4 + c] + R[3 * r + 2] * Qm[8 + c]),
      ) as Mat3;
      const tp = [0, 1, 2].map(
        (r) => t[r] - (Rp[3 * r] * s.x + Rp[3 * r + 1] * s.y + Rp[3 * r + 2] * s.z),
      ) as Vec3;
      return { R: Rp, t: tp };
    };
    const truth = cams.map((c) => c.extrinsics);
    const estimated = truth.map(inBoardWorld);
    const map = toTruthWorld(truth, estimated);
    estimated.forEach((e, i) => {
      const back = map(e);
      back.R.forEach((v, k) => expect(v).toBeCloseTo(truth[i].R[k], 9));
      back.t.forEach((v, k) => expect(v).toBeCloseTo(truth[i].t[k], 9));
    });
  });
});
