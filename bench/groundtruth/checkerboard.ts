/**
 * Calibration from a rendered checkerboard through our own calibration (calibrateRig, as the worker's
 * calibration job runs it): the board stands upright on the floor where the subject will move, facing the
 * phones' mean direction, held still for a moment that every phone records. Intrinsics come from a stored
 * profile (the phone's true lens, as a user's phone model has one); the extrinsics are the board's. The board
 * defines its own world, so the calibrated cameras are brought into the truth's world by the one rigid
 * transform that best fits all cameras' poses: what remains is the calibration's own error.
 */
import {
  calibrateRig,
  renderBoard,
  type BoardSpec,
  type CameraExtrinsics,
  type CameraModel,
  type Mat3,
  type Vec3,
} from '@poselab/pipeline';
import { Matrix4, Quaternion, Vector3 } from 'three';

/** The demo's board: 4×7 inner corners of 60 mm. */
export const BENCH_BOARD: BoardSpec = { rows: 4, cols: 7, squareSize: 0.06 };
const FRAMES = 3;

/** Board → camera pose for a board standing upright, centred at `centre`, its face towards azimuth `facingDeg`. */
export function boardPose(
  cam: CameraModel,
  centre: Vec3,
  facingDeg: number,
  board: BoardSpec,
): CameraExtrinsics {
  const a = (facingDeg * Math.PI) / 180;
  const z: Vec3 = [-Math.cos(a), 0, -Math.sin(a)]; // into the board, away from the phones
  const y: Vec3 = [0, -1, 0]; // rows go down
  const x: Vec3 = [Math.sin(a), 0, -Math.cos(a)]; // x = y × z
  const s = board.squareSize;
  const o = [0, 1, 2].map(
    (i) => centre[i] - (x[i] * (board.cols - 1) * s) / 2 - (y[i] * (board.rows - 1) * s) / 2,
  );
  const { R, t } = cam.extrinsics;
  const Rb = [0, 1, 2].flatMap((r) =>
    [x, y, z].map((axis) => R[3 * r] * axis[0] + R[3 * r + 1] * axis[1] + R[3 * r + 2] * axis[2]),
  ) as Mat3;
  const tb = [0, 1, 2].map((r) => R[3 * r] * o[0] + R[3 * r + 1] * o[1] + R[3 * r + 2] * o[2] + t[r]) as Vec3;
  return { R: Rb, t: tb };
}

function rotation(R: Mat3): Quaternion {
  return new Quaternion().setFromRotationMatrix(
    new Matrix4().set(R[0], R[1], R[2], 0, R[3], R[4], R[5], 0, R[6], R[7], R[8], 0, 0, 0, 0, 1),
  );
}

function centreOf(e: CameraExtrinsics): Vector3 {
  const { R, t } = e;
  return new Vector3(...[0, 1, 2].map((i) => -(R[i] * t[0] + R[3 + i] * t[1] + R[6 + i] * t[2])));
}

/**
 * The rigid transform x_est = Q·x_true + s that best fits estimated cameras to true ones (rotations averaged,
 * then the centres' mean offset), and the estimated extrinsics re-expressed in the true world.
 */
export function toTruthWorld(
  truth: readonly CameraExtrinsics[],
  estimated: readonly CameraExtrinsics[],
): (e: CameraExtrinsics) => CameraExtrinsics {
  // R'_i = R_i·Qᵀ, so Q = R'_iᵀ·R_i for every camera: average the quaternions.
  const qs = estimated.map((e, i) => rotation(e.R).invert().multiply(rotation(truth[i].R)));
  const sum = new Quaternion(0, 0, 0, 0);
  for (const q of qs) {
    const sign = q.dot(qs[0]) < 0 ? -1 : 1;
    sum.set(sum.x + sign * q.x, sum.y + sign * q.y, sum.z + sign * q.z, sum.w + sign * q.w);
  }
  const Q = sum.normalize();
  const s = new Vector3();
  estimated.forEach((e, i) => s.add(centreOf(e).sub(centreOf(truth[i]).applyQuaternion(Q))));
  s.multiplyScalar(1 / estimated.length);
  const Qm = new Matrix4().makeRotationFromQuaternion(Q).elements; // column-major
  return (e) => {
    const R = e.R;
    const RQ = [0, 1, 2].flatMap((r) =>
      [0, 1, 2].map(
        (c) => R[3 * r] * Qm[4 * c] + R[3 * r + 1] * Qm[4 * c + 1] + R[3 * r + 2] * Qm[4 * c + 2],
      ),
    ) as Mat3;
    const t = [0, 1, 2].map((r) => R[3 * r] * s.x + R[3 * r + 1] * s.y + R[3 * r + 2] * s.z + e.t[r]) as Vec3;
    return { R: RQ, t };
  };
}

export interface CheckerboardCalibration {
  cameras: CameraModel[];
  /** The other planar solution of each camera (in the truth's world), for the neutral's choice. */
  alternatives: Array<CameraExtrinsics | null>;
  /** Per camera: how far its calibrated centre is from the true one (mm) and its board RMS (px). */
  centreErrMm: number[];
  extrinsicsRmsPx: number[];
}

export function calibrateFromCheckerboard(
  truth: readonly CameraModel[],
  centre: Vec3,
  facingDeg: number,
  board: BoardSpec = BENCH_BOARD,
): CheckerboardCalibration {
  const inputs = truth.map((cam, c) => {
    const pose = boardPose(cam, centre, facingDeg, board);
    const frames = Array.from(
      { length: FRAMES },
      (_, k) =>
        renderBoard({
          intrinsics: cam.intrinsics,
          pose,
          board,
          noiseSigma: 2,
          blurSigma: 0.6,
          seed: 100 * c + k,
        }).image,
    );
    return {
      name: cam.name,
      frames,
      frameTimesSec: frames.map((_, k) => k / 60),
      profile: cam.intrinsics,
    };
  });
  const rig = calibrateRig(inputs, board, { placement: 'Perpendicular' });
  const missing = rig.perCamera.filter((r) => !r.ok);
  if (!rig.ok || missing.length > 0)
    throw new Error(
      `checkerboard calibration failed: ${rig.perCamera.map((r) => `${r.name}: ${r.message}`).join('; ')}`,
    );
  const estimated = truth.map((cam) => rig.cameras.find((c) => c.name === cam.name)!);
  const map = toTruthWorld(
    truth.map((c) => c.extrinsics),
    estimated.map((c) => c.extrinsics),
  );
  const cameras = estimated.map((c) => ({ ...c, extrinsics: map(c.extrinsics) }));
  return {
    cameras,
    alternatives: truth.map((cam) => {
      const alt = rig.perCamera.find((r) => r.name === cam.name)?.alternativeExtrinsics;
      return alt ? map(alt) : null;
    }),
    centreErrMm: cameras.map(
      (c, i) => centreOf(c.extrinsics).distanceTo(centreOf(truth[i].extrinsics)) * 1000,
    ),
    extrinsicsRmsPx: truth.map(
      (cam) => rig.perCamera.find((r) => r.name === cam.name)?.extrinsicsRmsPx ?? NaN,
    ),
  };
}
