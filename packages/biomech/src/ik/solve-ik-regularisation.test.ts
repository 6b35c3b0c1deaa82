import { describe, expect, it } from 'vitest';
import { loadBuiltinModel } from '../builtin/load-builtin';
import { KEYPOINT_NAMES } from '../keypoints';
import { markerPositions } from '../kinematics/forward';
import { solveIK, type IKOptions } from './solve-ik';

const DEG = Math.PI / 180;
const model = loadBuiltinModel();
const names = [...KEYPOINT_NAMES];
const index = (n: string): number => model.coordinates.findIndex((c) => c.name === n);

/** A stepping-in-place motion at 100 Hz with seeded Gaussian marker noise (sigma metres per axis). */
function noisyTrial(frames: number, sigma: number, seed: number) {
  let s = seed;
  const uniform = (): number => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const gaussian = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const truth = Array.from({ length: frames }, (_v, i) => {
    const t = i / 100;
    return {
      pelvis_ty: 0.95,
      pelvis_rotation: 30 * DEG,
      hip_flexion_r: 30 * DEG * Math.sin(4 * t),
      knee_angle_r: 25 * DEG * (1 + Math.sin(4 * t)),
      ankle_angle_r: 10 * DEG * Math.cos(4 * t),
      elbow_flex_r: 30 * DEG,
      subtalar_angle_r: 5 * DEG * Math.sin(3 * t),
      mtp_angle_r: 10 * DEG * Math.sin(2 * t),
    };
  });
  const data = truth.map((q) => {
    const p = markerPositions(model, q);
    return Float64Array.from(names.flatMap((n) => p[n].map((v) => v + sigma * gaussian())));
  });
  return { truth, trial: { names, time: truth.map((_q, i) => i / 100), frames: data } };
}

function rmseDeg(options: IKOptions, coord: string, seed: number): number {
  const { truth, trial } = noisyTrial(80, 0.004, seed);
  const res = solveIK(model, trial, options);
  const k = index(coord);
  const sq = res.frames.reduce(
    (acc, q, f) => acc + (q[k] - ((truth[f] as Record<string, number>)[coord] ?? 0)) ** 2,
    0,
  );
  return Math.sqrt(sq / res.frames.length) / DEG;
}

describe('solveIK regularisation', () => {
  it('the forward-backward pass beats the forward pass alone on a weakly observed coordinate (mtp)', () => {
    for (const seed of [1, 2, 3]) {
      const forward = rmseDeg({ smoothing: 0.005, bidirectional: false }, 'mtp_angle_r', seed);
      const both = rmseDeg({ smoothing: 0.005, bidirectional: true }, 'mtp_angle_r', seed);
      expect(both, `seed ${seed}`).toBeLessThan(forward);
    }
  });

  it('the prior holds a coordinate no keypoint sees (forearm rotation) at its default', () => {
    const { trial } = noisyTrial(40, 0.004, 3);
    const k = index('pro_sup_r');
    const res = solveIK(model, trial, { smoothing: 0.005, prior: 1e-4 });
    for (const q of res.frames)
      expect(Math.abs(q[k] - model.coordinates[k].defaultValue) / DEG).toBeLessThan(1);
    // Noise-free data: the prior's pull costs a few tenths of a degree at most on the coordinates the markers see
    // (measured max 0.26° hip flexion, 0.41° ankle, which trades with the pulled subtalar/mtp), while without it
    // pro_sup_r (no hand keypoint) wanders 80° off and arm_rot_r 8° off.
    const exact = noisyTrial(20, 0, 4);
    const fit = solveIK(model, exact.trial, { prior: 1e-4 });
    for (const coord of ['hip_flexion_r', 'knee_angle_r', 'ankle_angle_r'] as const) {
      const c = index(coord);
      fit.frames.forEach((q, f) =>
        expect(Math.abs(q[c] - exact.truth[f][coord]) / DEG, coord).toBeLessThan(0.5),
      );
    }
  });
});
