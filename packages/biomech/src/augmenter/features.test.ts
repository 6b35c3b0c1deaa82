import { describe, expect, it } from 'vitest';
import { augmenterInputs, augmenterOutputs, referencePoints } from './features';
import type { AugmenterPartSpec } from './spec';

// A two-keypoint, one-marker part: small enough to check OpenCap's augmentTRC steps by hand
// (keypoint − midHip, ÷ height, append height and mass, − mean, ÷ std; outputs × height + midHip).
const spec: AugmenterPartSpec = { part: 'lower', features: ['RHip', 'LKnee'], responses: ['m'] };
const subject = { heightM: 2, massKg: 80 };
const mean = Float64Array.from([0, 0, 0, 0, -0.2, 0, 1.5, 70]);
const std = Float64Array.from([1, 1, 1, 0.5, 0.5, 0.5, 0.25, 5]);

describe('augmenter features (OpenCap augmentTRC)', () => {
  it('normalises keypoints by midHip and height, then standardises every feature', () => {
    const data = {
      names: ['r_hip', 'midhip', 'l_knee'],
      time: [0],
      frames: [Float64Array.from([1.1, 1.0, 0.2, 1.0, 1.0, 0.0, 0.9, 0.6, -0.1])],
    };
    const x = augmenterInputs(spec, data, subject, mean, std);
    const expected = [
      0.05,
      0,
      0.1, // RHip: (0.1, 0, 0.2) / 2
      (-0.05 - 0) / 0.5,
      (-0.2 + 0.2) / 0.5,
      (-0.05 - 0) / 0.5, // LKnee: (-0.1, -0.4, -0.1) / 2
      (2 - 1.5) / 0.25, // height
      (80 - 70) / 5, // mass
    ];
    expected.forEach((v, i) => expect(x[i]).toBeCloseTo(v, 6));
  });

  it('uses the mean of the hips when midhip is absent, and accepts OpenPose names', () => {
    const data = {
      names: ['RHip', 'LHip', 'LKnee'],
      time: [0],
      frames: [Float64Array.from([1.2, 1.0, 0.1, 0.8, 1.0, -0.1, 1.0, 0.5, 0.0])],
    };
    expect([...referencePoints(data)]).toEqual([1.0, 1.0, 0.0].map((v) => expect.closeTo(v, 12)));
    const x = augmenterInputs(spec, data, subject, mean, std);
    expect(x[0]).toBeCloseTo(0.1, 6);
    expect(x[4]).toBeCloseTo((-0.25 + 0.2) / 0.5, 6);
  });

  it('un-normalises outputs with height and the per-frame reference point', () => {
    const ref = Float64Array.from([1, 2, 3, -1, 0, 1]);
    const out = augmenterOutputs(spec, [0.1, -0.2, 0.3, 0, 0.5, -0.5], ref, subject);
    expect([...out[0]].map((v) => +v.toFixed(9))).toEqual([1.2, 1.6, 3.6]);
    expect([...out[1]].map((v) => +v.toFixed(9))).toEqual([-1, 1, 0]);
  });

  it('rejects missing keypoints and mean/std of the wrong size', () => {
    const data = { names: ['r_hip', 'l_hip'], time: [0], frames: [new Float64Array(6)] };
    expect(() => augmenterInputs(spec, data, subject, mean, std)).toThrow(/needs keypoint LKnee/);
    const gap = {
      names: ['r_hip', 'l_hip', 'l_knee'],
      time: [0],
      frames: [Float64Array.from([0, 0, 0, 0, 0, 0, NaN, 0, 0])],
    };
    expect(() => augmenterInputs(spec, gap, subject, mean, std)).toThrow(/missing at frame 0/);
    expect(() => augmenterInputs(spec, gap, subject, mean.subarray(1), std)).toThrow(/expected 8/);
  });
});
