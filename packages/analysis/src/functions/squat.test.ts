import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { syntheticSquats, type SquatRepSpec } from '../testing/synthetic-squat';
import type { AnalysisDataError } from '../types';
import { analyzeSquat } from './squat';

const subject = { heightM: 1.75, massKg: 70, sex: null };
const within = (actual: number | null | undefined, expected: number, rel = 0.01) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(Math.abs(expected) * rel);
const rep = (o: Partial<SquatRepSpec>): SquatRepSpec => ({
  depth: 0.3,
  duration: 2,
  knee: 100,
  hip: 90,
  ankle: 25,
  trunkFlexion: 30,
  ...o,
});
interface Rep {
  type: string;
  depth_m: number;
  start: number;
  end: number;
  trunk_flexion: number;
  knee_frontal_angle: { left: number | null; right: number | null };
}

describe('squats built by construction', () => {
  it('counts repetitions, their types and depths (within 1 cm) and every peak within 1 %, facing any way', () => {
    const reps = [
      rep({ depth: 0.3 }),
      rep({ depth: 0.25, knee: 90, duration: 1.6 }),
      rep({ depth: 0.4, knee: 120, hip: 110, ankle: 35, trunkFlexion: 40 }),
      rep({ depth: 0.2, type: 'single_leg_l', knee: 80, kneeInward: 0.03 }),
      rep({ depth: 0.18, type: 'single_leg_r', knee: 70, trunkLean: 8, trunkFlexion: 0 }),
    ];
    const { kinematics, starts } = syntheticSquats({ fps: 60, reps, heading: [0.6, 0.8] });
    const r = analyzeSquat(kinematics, subject);
    expect(() => analysisResult.parse(r)).not.toThrow();
    const found = (r.details as { repetitions: Rep[] }).repetitions;
    expect(found.map((x) => x.type)).toEqual(reps.map((x) => x.type ?? 'double_leg'));
    found.forEach((f, k) => {
      expect(Math.abs(f.depth_m - reps[k].depth)).toBeLessThanOrEqual(0.01);
      // Onset and end within 5 % of the drop: inside the repetition, at most 7.2 % of its duration in.
      expect(f.start).toBeGreaterThanOrEqual(starts[k] - 1 / 60);
      expect(f.start - starts[k]).toBeLessThanOrEqual(0.073 * reps[k].duration + 1 / 60);
      within(f.trunk_flexion, reps[k].trunkFlexion, 0.01);
    });
    expect(r.scalar_values.repetitions.value).toBe(5);
    within(r.scalar_values.squat_depth.value, (100 * reps.reduce((s, x) => s + x.depth, 0)) / 5);
    within(r.scalar_values.peak_knee_flexion_r.value, reps.reduce((s, x) => s + x.knee, 0) / 5);
    within(r.scalar_values.peak_hip_flexion_l.value, reps.reduce((s, x) => s + x.hip, 0) / 5);
    within(r.scalar_values.max_trunk_lean.value, 8 / 5);
    within((r.metrics.peak_ankle_dorsiflexion.value as { left: number }).left, 27);
    // The right knee moved inwards only in the left-leg squat: measured on the stance (left) side.
    expect(found[3].knee_frontal_angle.right).toBeNull();
    expect(found[3].knee_frontal_angle.left!).toBeGreaterThan(5);
    expect(Math.abs(found[0].knee_frontal_angle.right!)).toBeLessThan(0.5);
    expect(r.datasets_normalized_mean.knee_angle_r).toHaveLength(101);
    expect(r.info_text).toBe('5 repetitions: 3 × Double leg, 1 × Single leg, left, 1 × Single leg, right.');
  });

  it('fails with words the user can act on when the pelvis never lowers enough', () => {
    const { kinematics } = syntheticSquats({ fps: 60, reps: [rep({ depth: 0.04 })] });
    try {
      analyzeSquat(kinematics, subject);
      expect.unreachable();
    } catch (e) {
      expect((e as AnalysisDataError).code).toBe('no_squats');
      expect((e as Error).message).toMatch(
        /^No squat repetition found: the pelvis must lower by at least \d+ cm/,
      );
    }
  });
});
