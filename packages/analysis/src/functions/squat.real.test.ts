import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { trialKinematics } from '../kinematics/from-motion';
import { HAS_SHARED_DATA, MODELS, sharedMotion } from '../testing/shared-data';
import { analyzeSquat } from './squat';

/** Minima of the .mot's pelvis_ty (±0.5 s, below mid-range) and each one's range to the highest point between its neighbours. */
function pelvisMinima(y: number[], halfWindow: number) {
  const mid = (Math.max(...y) + Math.min(...y)) / 2;
  const minima: number[] = [];
  for (let i = 0; i < y.length; i++) {
    const w = y.slice(Math.max(0, i - halfWindow), i + halfWindow + 1);
    if (y[i] < mid && y[i] === Math.min(...w)) minima.push(i);
  }
  return minima.map((m, k) => {
    const a = k ? minima[k - 1] : 0;
    const b = k + 1 < minima.length ? minima[k + 1] : y.length - 1;
    return { frame: m, range: Math.max(...y.slice(a, b + 1)) - y[m] };
  });
}

describe.skipIf(!HAS_SHARED_DATA)('squats on real OpenCap data (squats1.mot)', () => {
  const motion = HAS_SHARED_DATA ? sharedMotion('opencap-motions/squats1.mot') : null;
  for (const [name, load] of MODELS) {
    it(`${name}: one repetition per pelvis-height minimum, each as deep as its pelvis-height range (1 cm)`, () => {
      const ty = motion!.rows.map((r) => r[motion!.columns.indexOf('pelvis_ty')]);
      const truth = pelvisMinima(ty, 50);
      expect(truth.length).toBe(5);
      const r = analyzeSquat(trialKinematics(load(), motion!), { heightM: 1.7, massKg: 70, sex: null });
      expect(() => analysisResult.parse(r)).not.toThrow();
      const reps = (r.details as { repetitions: { bottom: number; depth_m: number; type: string }[] })
        .repetitions;
      expect(reps).toHaveLength(truth.length);
      reps.forEach((rep, k) => {
        expect(Math.abs(rep.bottom - motion!.time[truth[k].frame])).toBeLessThanOrEqual(0.05);
        expect(Math.abs(rep.depth_m - truth[k].range)).toBeLessThanOrEqual(0.01);
        expect(rep.type).toBe('double_leg');
      });
    });
  }
});
