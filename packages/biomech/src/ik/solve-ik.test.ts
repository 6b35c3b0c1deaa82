import { describe, expect, it } from 'vitest';
import { loadBuiltinModel } from '../builtin/load-builtin';
import { KEYPOINT_NAMES } from '../keypoints';
import { markerPositions } from '../kinematics/forward';
import { solveIK } from './solve-ik';

const DEG = Math.PI / 180;

function syntheticPoses(n: number): Record<string, number>[] {
  return Array.from({ length: n }, (_v, i) => {
    const t = i / 30;
    return {
      pelvis_tx: 0.8 * t,
      pelvis_ty: 0.98,
      pelvis_tz: 0.1,
      pelvis_rotation: 100 * DEG,
      pelvis_tilt: 5 * DEG,
      hip_flexion_r: 25 * DEG * Math.sin(4 * t),
      hip_flexion_l: -25 * DEG * Math.sin(4 * t),
      hip_adduction_r: 3 * DEG,
      knee_angle_r: 30 * DEG * (1 + Math.sin(4 * t)),
      knee_angle_l: 30 * DEG * (1 - Math.sin(4 * t)),
      ankle_angle_r: 10 * DEG * Math.cos(4 * t),
      ankle_angle_l: -8 * DEG * Math.cos(4 * t),
      lumbar_extension: -5 * DEG,
      elbow_flex_r: 40 * DEG,
      elbow_flex_l: 60 * DEG,
      arm_flex_r: 20 * DEG * Math.sin(4 * t),
    };
  });
}

describe('solveIK', () => {
  it('recovers exact poses from noise-free keypoints (any heading), within joint limits', () => {
    const model = loadBuiltinModel();
    const truth = syntheticPoses(12);
    const names = [...KEYPOINT_NAMES];
    const frames = truth.map((q) => {
      const p = markerPositions(model, q);
      return Float64Array.from(names.flatMap((n) => p[n]));
    });
    const res = solveIK(model, { names, time: truth.map((_q, i) => i / 30), frames });
    const idx = (n: string) => model.coordinates.findIndex((c) => c.name === n);
    res.frames.forEach((q, f) => {
      for (const name of ['hip_flexion_r', 'knee_angle_r', 'knee_angle_l', 'ankle_angle_r', 'pelvis_tilt']) {
        expect(
          Math.abs(q[idx(name)] - (truth[f][name as keyof (typeof truth)[0]] ?? 0)) / DEG,
          `${name} frame ${f}`,
        ).toBeLessThan(0.05);
      }
      // One forearm marker (the wrist, 1.4 cm off the radio-ulnar axis) leaves elbow flexion, forearm and arm
      // rotation slightly redundant: several poses fit exactly, within a degree or two of each other.
      expect(Math.abs(q[idx('elbow_flex_l')] - truth[f].elbow_flex_l) / DEG).toBeLessThan(2);
      expect(res.markerRms[f]).toBeLessThan(1e-5);
      model.coordinates.forEach((c, i) => {
        if (c.clamped) expect(q[i]).toBeGreaterThanOrEqual(c.range[0] - 1e-12);
      });
    });
  });

  it('handles missing markers (NaN) and refuses data without enough shared markers', () => {
    const model = loadBuiltinModel();
    const names = [...KEYPOINT_NAMES];
    const p = markerPositions(model, { knee_angle_r: 0.6 });
    const frame = Float64Array.from(names.flatMap((n) => p[n]));
    frame.fill(NaN, 0, 3); // neck missing
    const res = solveIK(model, { names, time: [0], frames: [frame] });
    expect(res.frames[0][model.coordinates.findIndex((c) => c.name === 'knee_angle_r')]).toBeCloseTo(0.6, 3);
    expect(() => solveIK(model, { names: ['a', 'b'], time: [0], frames: [new Float64Array(6)] })).toThrow(
      /at least 3 weighted markers/,
    );
  });
});
