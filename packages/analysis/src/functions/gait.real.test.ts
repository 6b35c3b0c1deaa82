import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { legLength, point } from '../common/geometry';
import { trialTiming } from '../common/timing';
import { detectGaitEvents } from '../events/gait-events';
import { trialKinematics } from '../kinematics/from-motion';
import { repeatedRealStep } from '../testing/real-walk';
import { HAS_SHARED_DATA, MODELS, sharedMotion } from '../testing/shared-data';
import { AnalysisDataError } from '../types';
import { analyzeGait } from './gait';

const subject = { heightM: 1.7, massKg: 70, sex: null };

describe.skipIf(!HAS_SHARED_DATA)('gait on real OpenCap walking (walking1.mot)', () => {
  for (const [name, load] of MODELS) {
    it(`${name}: the 1.57 s trial holds no whole cycle: its events are found, the analysis asks for more walking`, () => {
      const kin = trialKinematics(load(), sharedMotion('opencap-motions/walking1.mot'));
      const det = detectGaitEvents(kin, trialTiming(kin, 1), legLength(kin), 'auto');
      expect(det.events.heelStrikes.l.map((e) => e.time)).toEqual([0.53]);
      expect(det.events.heelStrikes.r.map((e) => e.time)).toEqual([1.22]);
      expect(det.events.toeOffs.r.map((e) => e.time)).toEqual([0.79]);
      expect(() => analyzeGait(kin, subject, { mode: 'auto', functionId: 'gait' })).toThrow(
        AnalysisDataError,
      );
    });

    it(`${name}: walking1's real step repeated to four strides: two or more cycles per leg, speed = pelvis travel`, () => {
      const motion = repeatedRealStep(sharedMotion('opencap-motions/walking1.mot'), 53, 122, 8);
      const kin = trialKinematics(load(), motion);
      const r = analyzeGait(kin, subject, { mode: 'auto', functionId: 'gait' });
      expect(() => analysisResult.parse(r)).not.toThrow();
      const cycles = (r.details as { cycles: { side: string; start: number; end: number }[] }).cycles;
      expect(cycles.filter((c) => c.side === 'r').length).toBeGreaterThanOrEqual(2);
      expect(cycles.filter((c) => c.side === 'l').length).toBeGreaterThanOrEqual(2);
      const frame = (t: number) => Math.round(t / (kin.time[1] - kin.time[0]));
      const pelvisSpeeds = cycles.map((c) => {
        const a = point(kin, 'pelvis', frame(c.start));
        const b = point(kin, 'pelvis', frame(c.end));
        return Math.hypot(b[0] - a[0], b[2] - a[2]) / (c.end - c.start);
      });
      const pelvisSpeed = pelvisSpeeds.reduce((s, v) => s + v, 0) / pelvisSpeeds.length;
      const speed = r.metrics.gait_speed.value as number;
      expect(Math.abs(speed - pelvisSpeed) / pelvisSpeed).toBeLessThanOrEqual(0.05);
    });
  }
});
