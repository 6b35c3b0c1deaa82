import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBuiltinModel, readOsim } from '@poselab/biomech';
import { legLength } from '../common/geometry';
import { airborneRuns, feetSignals } from '../events/contacts';
import { trialKinematics } from '../kinematics/from-motion';
import { HAS_SHARED_DATA, SHARED_DATA, sharedMotion } from '../testing/shared-data';
import type { AnalysisDataError } from '../types';
import { analyzeJump } from './jump';

/**
 * OpenCap's DJ1 (drop jump, video and mocap) lasts 0.85 s: the drop from the box, the ground contact and the
 * start of the flight; it ends in the air.
 */
describe.skipIf(!HAS_SHARED_DATA)('drop jump on real OpenCap data (DJ1_videoAndMocap.mot)', () => {
  const models: [string, () => ReturnType<typeof loadBuiltinModel>][] = [
    [
      'LaiUhlrich2022 scaled',
      () =>
        readOsim(
          readFileSync(resolve(SHARED_DATA, 'opencap-fk-reference/LaiUhlrich2022_scaled.osim'), 'utf8'),
        ),
    ],
    ['built-in', loadBuiltinModel],
  ];
  for (const [name, load] of models) {
    it(`${name}: finds the box landing and the take-off, and asks for the landing the recording lacks`, () => {
      const kin = trialKinematics(load(), sharedMotion('opencap-fk-reference/DJ1_videoAndMocap.mot'));
      const runs = airborneRuns(kin, feetSignals(kin, kin.time[1] - kin.time[0]), 0.035 * legLength(kin));
      expect(runs).toHaveLength(2);
      // Feet reach the floor at about 1.46 s and the toe tips leave it at about 1.945 s (heights in the data;
      // the MTP points rise from 1.925 s, but against force plates they leave 9–15 ms before the plates unload).
      expect(Math.abs(runs[0].landing! - 1.465)).toBeLessThanOrEqual(0.02);
      expect(Math.abs(runs[1].takeOff! - 1.945)).toBeLessThanOrEqual(0.02);
      expect(runs[1].landing).toBeNull();
      try {
        analyzeJump(kin, { heightM: null, massKg: null, sex: null }, 'drop_jump');
        expect.unreachable();
      } catch (e) {
        expect((e as AnalysisDataError).code).toBe('no_landing');
      }
    });
  }
});
