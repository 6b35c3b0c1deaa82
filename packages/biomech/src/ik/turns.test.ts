import { describe, expect, it } from 'vitest';
import { loadBuiltinModel } from '../builtin/load-builtin';
import { KEYPOINT_NAMES } from '../keypoints';
import { markerPositions } from '../kinematics/forward';
import type { Model } from '../model/types';
import { solveIK } from './solve-ik';
import { eulerJoints, normaliseTurns } from './turns';

const DEG = Math.PI / 180;
const model = loadBuiltinModel();
const names = [...KEYPOINT_NAMES];
const idx = (n: string) => model.coordinates.findIndex((c) => c.name === n);
const SHOULDER_L = ['arm_flex_l', 'arm_add_l', 'arm_rot_l'];

/** The same orientation by the other angle set: (x + 180°, 180° − y, z + 180°), read in (-180°, 180°]. */
function otherSetDeg([x, y, z]: number[]): number[] {
  const wrap = (d: number) => d - 360 * Math.round(d / 360);
  return [wrap(x + 180), wrap(180 - y), wrap(z + 180)];
}

/** The built-in model whose default (neutral) pose holds the left shoulder at these angles (degrees). */
function withLeftShoulderDefault(deg: number[]): Model {
  return {
    ...model,
    coordinates: model.coordinates.map((c) => {
      const k = SHOULDER_L.indexOf(c.name);
      return k < 0 ? c : { ...c, defaultValue: deg[k] * DEG };
    }),
  };
}

/** Arms lowered from a T-pose (the demo's neutral) to the sides, elbows bent: keypoints of the built-in model. */
function loweringArms(n: number) {
  const poses = Array.from({ length: n }, (_v, i) => {
    const s = i / (n - 1);
    return {
      pelvis_ty: 0.95,
      arm_add_l: (-80 + 60 * s) * DEG,
      arm_flex_l: (-20 + 30 * s) * DEG,
      arm_rot_l: (-40 + 30 * s) * DEG,
      elbow_flex_l: 45 * DEG,
      arm_add_r: (-75 + 50 * s) * DEG,
      elbow_flex_r: 30 * DEG,
    };
  });
  return {
    poses,
    data: {
      names,
      time: poses.map((_p, i) => i / 60),
      frames: poses.map((q) => {
        const p = markerPositions(model, q);
        return Float64Array.from(names.flatMap((m) => p[m]));
      }),
    },
  };
}

describe('normaliseTurns: one reading of each pose', () => {
  it('finds the three-axis joints whose angle sets are interchangeable: the shoulders of the built-in model', () => {
    const joints = eulerJoints(model).map((t) => t.map((k) => model.coordinates[k].name));
    expect(joints).toEqual([
      ['arm_flex_r', 'arm_add_r', 'arm_rot_r'],
      ['arm_flex_l', 'arm_add_l', 'arm_rot_l'],
    ]);
  });

  it('solves a trial to the same shoulder angles whichever angle set the neutral pose it starts from holds', () => {
    // A T-pose neutral sits where the shoulder's two angle sets meet (adduction -90°): its IK may settle in
    // either. The trial starts there and stays in that set: before, the left arm read 180°/~120°/180° apart.
    const neutral = [-20, -82, -40];
    const { poses, data } = loweringArms(12);
    const solve = (m: Model) => {
      const res = solveIK(m, data, { smoothing: 0.01 });
      normaliseTurns(m, res.frames);
      return res.frames;
    };
    const a = solve(withLeftShoulderDefault(neutral));
    const b = solve(withLeftShoulderDefault(otherSetDeg(neutral)));
    a.forEach((qa, f) => {
      for (const name of SHOULDER_L) {
        const i = idx(name);
        expect(Math.abs(qa[i] - b[f][i]) / DEG, `${name} frame ${f}`).toBeLessThan(0.01);
        // The reading is the anatomical one, the pose's own angles (axial rotation within ±90°), up to what the
        // smoothing does near the gimbal lock, where flexion and axial rotation are barely told apart.
        const truth = poses[f][name as keyof (typeof poses)[0]];
        expect(Math.abs(qa[i] - truth) / DEG, `${name} frame ${f} against the pose`).toBeLessThan(10);
      }
    });
  });

  it('makes a series that switches angle set continuous, in the set whose axial rotation is within ±90°', () => {
    const truth = Array.from({ length: 10 }, (_v, f) => [10 + f, -30 - 2 * f, 20 - f]);
    // IK's two passes took different sets in the second half, and the first half drifted a turn.
    const series = truth.map((deg, f) => {
      const q = new Float64Array(model.coordinates.length);
      const read = f < 5 ? deg.map((d, k) => (k === 0 ? d + 360 : d)) : otherSetDeg(deg);
      SHOULDER_L.forEach((n, k) => (q[idx(n)] = read[k] * DEG));
      return q;
    });
    normaliseTurns(model, series);
    series.forEach((q, f) =>
      SHOULDER_L.forEach((n, k) => expect(q[idx(n)] / DEG, `${n} frame ${f}`).toBeCloseTo(truth[f][k], 9)),
    );
    // A whole series in the other set reads in the anatomical one.
    const flipped = truth.map((deg) => {
      const q = new Float64Array(model.coordinates.length);
      otherSetDeg(deg).forEach((d, k) => (q[idx(SHOULDER_L[k])] = d * DEG));
      return q;
    });
    normaliseTurns(model, flipped);
    flipped.forEach((q, f) =>
      SHOULDER_L.forEach((n, k) => expect(q[idx(n)] / DEG).toBeCloseTo(truth[f][k], 9)),
    );
  });
});
