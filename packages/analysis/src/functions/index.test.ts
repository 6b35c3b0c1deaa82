import { describe, expect, it } from 'vitest';
import { analysisResult, type AnalysisResult } from '@poselab/contract';
import { ANALYSIS_FUNCTION_SPECS } from '../registry';
import { syntheticGait } from '../testing/synthetic-gait';
import { syntheticJump } from '../testing/synthetic-jump';
import { syntheticSquats } from '../testing/synthetic-squat';
import { syntheticSitToStand } from '../testing/synthetic-sts';
import { syntheticBalance } from '../testing/synthetic-balance';
import { metricsCsv } from '../csv';
import { signConvention } from '../i18n';
import { runAnalysis } from '.';

const subject = { heightM: 1.75, massKg: 70, sex: 'woman' };
const gait = () =>
  syntheticGait({ fps: 60, duration: 6, speed: 1.2, strideTime: 1.1, stance: 0.62, stepWidth: 0.1 })
    .kinematics;
const trials = {
  gait,
  treadmill_gait: () =>
    syntheticGait({
      fps: 60,
      duration: 6,
      speed: 1.2,
      strideTime: 1.1,
      stance: 0.62,
      stepWidth: 0.1,
      treadmill: true,
    }).kinematics,
  squat: () =>
    syntheticSquats({
      fps: 60,
      reps: [1, 2, 3].map(() => ({
        depth: 0.3,
        duration: 2,
        knee: 100,
        hip: 90,
        ankle: 25,
        trunkFlexion: 30,
      })),
    }).kinematics,
  drop_jump: () =>
    syntheticJump({
      kind: 'drop_jump',
      fps: 60,
      flight: 0.5,
      peaks: { hip: 60, knee: { r: 80, l: 85 }, ankle: 30 },
    }).kinematics,
  counter_movement_jump: () =>
    syntheticJump({
      kind: 'counter_movement_jump',
      fps: 60,
      flight: 0.5,
      peaks: { hip: 60, knee: { r: 80, l: 85 }, ankle: 30 },
    }).kinematics,
  sit_to_stand: () =>
    syntheticSitToStand({
      fps: 60,
      reps: 5,
      rise: 1,
      stand: 0.6,
      sit: 1,
      seated: 0.8,
      trunk: [40, 40, 40, 40, 40],
    }).kinematics,
  balance: () =>
    syntheticBalance({
      fps: 60,
      duration: 6,
      lifted: { r: [[1, 4]], l: [] },
      swayRadius: 0.01,
      swayPeriod: 2,
      lean: () => 2,
    }),
};

describe('every registered function', () => {
  for (const spec of ANALYSIS_FUNCTION_SPECS) {
    it(`${spec.id}: gives a contract result holding exactly what its registry entry declares`, () => {
      const make = trials[spec.id as keyof typeof trials];
      const r: AnalysisResult = runAnalysis(spec.id, make(), subject);
      expect(() => analysisResult.parse(r)).not.toThrow();
      expect(r.function_id).toBe(spec.id);
      expect(Object.keys(r.metrics).sort()).toEqual([...spec.keys.metrics].sort());
      expect(Object.keys(r.amplitudes).sort()).toEqual([...spec.keys.amplitudes].sort());
      expect(Object.keys(r.scalar_values).sort()).toEqual([...spec.keys.scalar_values].sort());
      const shown = new Set([...r.y_axis, ...r.y_axis_normalized]);
      expect([...shown].sort()).toEqual([...spec.keys.quantities].sort());
      for (const q of r.y_axis) expect(r.datasets[q]).toHaveLength(r.datasets.time.length);
      for (const q of r.y_axis_normalized) expect(r.datasets_normalized_mean[q]).toHaveLength(101);
      for (const q of ['time', ...shown]) expect(r.quantities[q]).toBeDefined();
      expect(r.indices.end).toBeGreaterThan(r.indices.start);
      expect(r.info_text.length).toBeGreaterThan(10);
      const csv = metricsCsv(r);
      expect(csv.split('\n')[0]).toBe('section,key,label,side,value,sd,min,max,units');
      expect(csv.trim().split('\n').length).toBeGreaterThan(Object.keys(r.metrics).length);
      // Every angle states its sign convention, in both languages.
      const angles = [
        ...Object.entries(r.metrics).filter(([, m]) => m.units === '°'),
        ...Object.entries(r.quantities).filter(([, q]) => q.units === '°'),
      ].map(([k]) => k);
      for (const k of angles)
        for (const lang of ['en', 'de']) expect(signConvention(lang, k), `${lang} ${k}`).toBeDefined();
    });
  }
  it('refuses an unknown function id', () => {
    expect(() => runAnalysis('pie', gait(), subject)).toThrow(/Unknown analysis function 'pie'/);
  });
});
