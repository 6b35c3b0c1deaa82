import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { syntheticGait, type SyntheticGait } from '../testing/synthetic-gait';
import { analyzeGait } from './gait';
import type { AnalysisDataError } from '../types';

const subject = { heightM: 1.75, massKg: 70, sex: null };
// Stride 66 frames at 60 fps with contacts on frames (toe off 41 frames after heel strike), so that frame-level
// events are exact; a second case puts them between frames.
const base: SyntheticGait = {
  fps: 60,
  duration: 8,
  speed: 1.25,
  strideTime: 1.1,
  stance: 41 / 66,
  stepWidth: 0.1,
};
const within = (actual: number | null | undefined, expected: number, rel = 0.01) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(Math.abs(expected) * rel);
const value = (r: ReturnType<typeof analyzeGait>, k: string) => r.metrics[k].value as number;
const pair = (r: ReturnType<typeof analyzeGait>, k: string) =>
  r.metrics[k].value as { left: number; right: number };

describe('gait on walking built by construction', () => {
  it('finds every heel strike and toe off within one frame and every metric within 1 %', () => {
    const { kinematics, truth } = syntheticGait(base);
    const r = analyzeGait(kinematics, subject, { mode: 'auto', functionId: 'gait' });
    expect(() => analysisResult.parse(r)).not.toThrow();
    const d = r.details as {
      heel_strikes: Record<string, number[]>;
      toe_offs: Record<string, number[]>;
      treadmill: boolean;
    };
    expect(d.treadmill).toBe(false);
    for (const side of ['r', 'l'] as const) {
      // Events in the first and last half stride have no extremum to find inside the trial.
      const inner = (ts: number[]) => ts.filter((t) => t > 0.3 && t < base.duration - 0.3);
      const found = (ts: number[], want: number) => ts.some((t) => Math.abs(t - want) <= 1 / base.fps);
      for (const t of inner(truth.heelStrikes[side]))
        expect(found(d.heel_strikes[side], t), `HS ${side} ${t}`).toBe(true);
      for (const t of inner(truth.toeOffs[side]))
        expect(found(d.toe_offs[side], t), `TO ${side} ${t}`).toBe(true);
    }
    const T = base.strideTime;
    within(value(r, 'gait_speed'), base.speed);
    within(value(r, 'stride_length'), base.speed * T);
    within(pair(r, 'step_length').left, (base.speed * T) / 2);
    within(pair(r, 'step_length').right, (base.speed * T) / 2);
    within(value(r, 'step_length_symmetry'), 100);
    within(value(r, 'cadence'), 120 / T);
    expect(Math.abs(value(r, 'step_width') - base.stepWidth * 100)).toBeLessThanOrEqual(0.5);
    within(pair(r, 'stance_time').right, base.stance * T);
    within(pair(r, 'swing_time').left, (1 - base.stance) * T);
    within(value(r, 'double_support'), 2 * (base.stance - 0.5) * 100);
    within(pair(r, 'single_support').left, (1 - base.stance) * 100);
    within(pair(r, 'peak_knee_flexion_swing').right, 60);
    within(pair(r, 'peak_hip_flexion_gait').left, 35);
    within(pair(r, 'peak_hip_extension_gait').right, 15);
    within(r.amplitudes.rom_knee_flexion_l.value, 60);
    within(r.amplitudes.rom_pelvis_list.value, 8, 0.02);
    expect(r.datasets_normalized_mean.knee_angle_r).toHaveLength(101);
    // The pelvis curve of the cycle, relative to the walking direction, peaks at the constructed tilt.
    within(Math.max(...r.datasets_normalized_mean.pelvis_tilt), 12, 0.02);
  });

  it('keeps the straight cycles of a walk that ends in a 180° turn, on the way out and back', () => {
    const spec = { ...base, duration: 12, turnAfter: 4 * 1.25 * 1.1 + 0.3, turnRadius: 0.5 };
    const { kinematics } = syntheticGait(spec);
    const r = analyzeGait(kinematics, subject, { mode: 'auto', functionId: 'gait' });
    const d = r.details as { cycles: { start: number; end: number }[]; excluded_cycles: number };
    expect(d.excluded_cycles).toBeGreaterThan(0);
    // Turn from about 4.5 s to 5.8 s: no analysed cycle may overlap it by more than a few frames.
    const turnStart = (spec.turnAfter - 0.0) / spec.speed;
    const turnEnd = turnStart + (Math.PI * spec.turnRadius) / spec.speed;
    for (const c of d.cycles) expect(c.end <= turnStart + 0.15 || c.start >= turnEnd - 0.15).toBe(true);
    expect(d.cycles.filter((c) => c.start >= turnEnd - 0.15).length).toBeGreaterThanOrEqual(4);
    within(value(r, 'gait_speed'), spec.speed);
    within(value(r, 'stride_length'), spec.speed * spec.strideTime);
    // No cycle keeps a footprint placed on the curve (they lie 0.28 m ahead of the pelvis).
    const steps = (r.details as { steps: { time: number; width: number; length: number }[] }).steps;
    expect(steps.length).toBeGreaterThanOrEqual(12);
    for (const s of steps) {
      expect(Math.abs(s.width - spec.stepWidth)).toBeLessThanOrEqual(0.005);
      within(s.length, (spec.speed * spec.strideTime) / 2);
    }
  });

  it('events between frames are found within one frame', () => {
    const spec = { ...base, fps: 100, strideTime: 1.137, stance: 0.613, t0: 0.3137 };
    const { kinematics, truth } = syntheticGait(spec);
    const r = analyzeGait(kinematics, subject, { mode: 'auto', functionId: 'gait' });
    const d = r.details as { heel_strikes: Record<string, number[]>; toe_offs: Record<string, number[]> };
    for (const side of ['r', 'l'] as const) {
      const inner = (ts: number[]) => ts.filter((t) => t > 0.3 && t < spec.duration - 0.3);
      for (const t of inner(truth.heelStrikes[side]))
        expect(Math.min(...d.heel_strikes[side].map((x) => Math.abs(x - t)))).toBeLessThanOrEqual(
          1 / spec.fps,
        );
      for (const t of inner(truth.toeOffs[side]))
        expect(Math.min(...d.toe_offs[side].map((x) => Math.abs(x - t)))).toBeLessThanOrEqual(1 / spec.fps);
    }
    within(value(r, 'cadence'), 120 / spec.strideTime);
    within(value(r, 'gait_speed'), spec.speed);
    expect(
      Math.abs((r.metrics.stance_time.value as { left: number }).left - spec.stance * spec.strideTime),
    ).toBeLessThanOrEqual(1 / spec.fps);
  });

  it('treadmill walking: the pelvis stays in place; no gait speed, stride length from the steps', () => {
    const { kinematics } = syntheticGait({ ...base, treadmill: true });
    const r = analyzeGait(kinematics, subject, { mode: 'auto', functionId: 'gait' });
    expect((r.details as { treadmill: boolean }).treadmill).toBe(true);
    expect(r.metrics.gait_speed).toBeUndefined();
    within(value(r, 'stride_length'), base.speed * base.strideTime);
    within(value(r, 'cadence'), 120 / base.strideTime);
    within(pair(r, 'stance_time').left, base.stance * base.strideTime);
  });

  it('fails with words the user can act on when there are not two cycles', () => {
    const { kinematics } = syntheticGait({ ...base, duration: 1.6 });
    try {
      analyzeGait(kinematics, subject, { mode: 'auto', functionId: 'gait' });
      expect.unreachable();
    } catch (e) {
      expect((e as AnalysisDataError).code).toBe('not_enough_gait_cycles');
      expect((e as Error).message).toBe(
        'Not enough gait cycles found: record at least two full strides, about 3 m of walking.',
      );
    }
  });
});
