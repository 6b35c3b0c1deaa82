import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { syntheticBalance } from '../testing/synthetic-balance';
import { AnalysisDataError } from '../types';
import { analyzeBalance } from './balance';

const subject = { heightM: 1.75, massKg: 70, sex: null };
const pair = (r: ReturnType<typeof analyzeBalance>, k: string) =>
  r.metrics[k].value as { left: number; right: number };
const value = (r: ReturnType<typeof analyzeBalance>, k: string) => r.metrics[k].value as number;

describe('balance built by construction', () => {
  it('single-leg stance: time on each leg, touchdowns, sway of a known circle, trunk lean to each side', () => {
    // Right foot lifted 1–6 s (standing on the left), left foot lifted 7–9 s (on the right); a circle of
    // radius 1 cm, one turn per 2 s; the trunk leans 5° left while on the left leg, 3° right on the right.
    const kin = syntheticBalance({
      fps: 60,
      duration: 10,
      lifted: { r: [[1, 6]], l: [[7, 9]] },
      swayRadius: 0.01,
      swayPeriod: 2,
      lean: (t) => (t > 1 && t < 6 ? -5 : t > 7 && t < 9 ? 3 : 0),
      heading: [0.6, 0.8],
    });
    const r = analyzeBalance(kin, subject);
    expect(() => analysisResult.parse(r)).not.toThrow();
    expect(r.details.task).toBe('single_leg');
    const time = pair(r, 'single_leg_stance_time');
    expect(Math.abs(time.left - 5)).toBeLessThanOrEqual(2 / 60);
    expect(Math.abs(time.right - 2)).toBeLessThanOrEqual(2 / 60);
    expect(pair(r, 'foot_touchdowns')).toEqual({ left: 1, right: 1 });
    // 7 s on one leg along a circle of 1 cm radius at π cm/s: 22 cm, area of the 95 % ellipse of a uniform
    // circle (variance r²/2 per axis): π·5.991·r²/2 = 9.41 cm².
    expect(Math.abs(value(r, 'sway_path_length') - 7 * Math.PI)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(value(r, 'sway_velocity') - Math.PI)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(value(r, 'sway_area') - (Math.PI * 5.991) / 2)).toBeLessThanOrEqual(0.5);
    const lean = pair(r, 'trunk_lean_balance');
    expect(Math.abs(lean.left - 5)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(lean.right - 3)).toBeLessThanOrEqual(0.1);
    expect(r.info_text).toMatch(/^Single-leg stance from/);
  });

  it('standing on both legs: no time on one leg, sway over the whole stance', () => {
    const kin = syntheticBalance({
      fps: 50,
      duration: 5,
      lifted: { r: [], l: [] },
      swayRadius: 0.005,
      swayPeriod: 5,
      lean: () => 1,
    });
    const r = analyzeBalance(kin, subject);
    expect(r.details.task).toBe('double_leg');
    expect(pair(r, 'single_leg_stance_time')).toEqual({ left: 0, right: 0 });
    expect(pair(r, 'foot_touchdowns')).toEqual({ left: 0, right: 0 });
    expect(Math.abs(value(r, 'sway_path_length') - Math.PI)).toBeLessThanOrEqual(0.1);
    expect(pair(r, 'trunk_lean_balance').left).toBe(0);
    expect(Math.abs(pair(r, 'trunk_lean_balance').right - 1)).toBeLessThanOrEqual(0.05);
  });

  it('asks for standing when both feet stay off the floor', () => {
    const kin = syntheticBalance({
      fps: 50,
      duration: 3,
      lifted: { r: [[0.3, 3]], l: [[0.3, 3]] },
      swayRadius: 0.005,
      swayPeriod: 5,
      lean: () => 0,
    });
    expect(() => analyzeBalance(kin, subject)).toThrow(AnalysisDataError);
  });
});
