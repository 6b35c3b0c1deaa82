import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { syntheticSitToStand, type SyntheticSts } from '../testing/synthetic-sts';
import type { AnalysisDataError } from '../types';
import { analyzeSitToStand } from './sit-to-stand';

const subject = { heightM: 1.7, massKg: 70, sex: null };
const spec: SyntheticSts = {
  fps: 60,
  reps: 5,
  rise: 1.1,
  stand: 0.7,
  sit: 1.2,
  seated: 0.8,
  trunk: [38, 42, 40, 45, 35],
};
interface Rep {
  start: number;
  standing: number;
  rise_time_s: number;
  duration_s: number | null;
  peak_trunk_flexion: number;
}

describe('sit-to-stand built by construction', () => {
  it('finds five rises within a frame, the five-repetition time, durations and trunk peaks', () => {
    const { kinematics, truth } = syntheticSitToStand(spec);
    const r = analyzeSitToStand(kinematics, subject);
    expect(() => analysisResult.parse(r)).not.toThrow();
    const reps = (r.details as { repetitions: Rep[] }).repetitions;
    expect(reps).toHaveLength(5);
    reps.forEach((rep, k) => {
      expect(Math.abs(rep.start - truth.onsets[k])).toBeLessThanOrEqual(1 / spec.fps);
      expect(Math.abs(rep.standing - truth.stands[k])).toBeLessThanOrEqual(1 / spec.fps);
      expect(Math.abs(rep.peak_trunk_flexion - spec.trunk[k])).toBeLessThanOrEqual(0.01 * spec.trunk[k]);
      if (k < 4) expect(Math.abs(rep.duration_s! - truth.period)).toBeLessThanOrEqual(1 / spec.fps);
    });
    const five = truth.stands[4] - truth.onsets[0];
    expect(Math.abs((r.metrics.five_rep_time.value as number) - five)).toBeLessThanOrEqual(1 / spec.fps);
    expect(r.metrics.sts_repetitions.value).toBe(5);
    expect(Math.abs((r.metrics.peak_trunk_flexion.value as number) - 40)).toBeLessThanOrEqual(0.4);
    expect(r.info_text).toMatch(/^5 repetitions from /);
  });

  it('reports fewer than five repetitions without a five-repetition time', () => {
    const { kinematics } = syntheticSitToStand({ ...spec, reps: 3, trunk: [40, 40, 40] });
    const r = analyzeSitToStand(kinematics, subject);
    expect(r.metrics.five_rep_time.value).toBeNull();
    expect(r.metrics.sts_repetitions.value).toBe(3);
    expect(r.info_text).toMatch(/needs five stands/);
  });

  it('fails with words the user can act on when the subject never stands up', () => {
    const { kinematics } = syntheticSitToStand({ ...spec, reps: 0, seated: 3, trunk: [] });
    try {
      analyzeSitToStand(kinematics, subject);
      expect.unreachable();
    } catch (e) {
      expect((e as AnalysisDataError).code).toBe('no_sit_to_stand');
    }
  });
});
