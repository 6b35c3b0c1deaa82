import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBuiltinModel, readOsim } from '@poselab/biomech';
import { legLength } from '../common/geometry';
import { airborneRuns, feetSignals } from '../events/contacts';
import { trialKinematics } from '../kinematics/from-motion';
import { HAS_SHARED_DATA, SHARED_DATA, sharedMotion } from '../testing/shared-data';
import { plateJump } from '../testing/plates';
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
      // Feet reach the floor at about 1.46 s; the toe tips start to rise at about 1.94 s and pass the contact
      // height (3 cm) at about 1.96 s, where force plates show a drop jump's feet unloading (events/contacts.ts).
      expect(Math.abs(runs[0].landing! - 1.465)).toBeLessThanOrEqual(0.02);
      expect(Math.abs(runs[1].takeOff! - 1.96)).toBeLessThanOrEqual(0.02);
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

/**
 * OpenCap's lab-validation drop jumps, marker-based IK with force plates: contact and flight from the plates'
 * summed vertical force (20 N). DJ1's take-off came 14 ms early when the foot was extrapolated back to the floor.
 */
describe.skipIf(!HAS_SHARED_DATA)('drop jumps against force plates (OpenCap lab validation)', () => {
  const DIR = 'mocap-ground-truth/opencap-labvalidation';
  for (const name of ['DJ1', 'DJ4']) {
    it(`${name}: contact and flight time within 10 ms of the plates`, () => {
      const model = readOsim(readFileSync(resolve(SHARED_DATA, DIR, 'final.osim'), 'utf8'));
      const kin = trialKinematics(model, sharedMotion(`${DIR}/${name}_ik.mot`));
      const plates = plateJump(sharedMotion(`${DIR}/${name}_grf.mot`), 20);
      const d = analyzeJump(kin, { heightM: null, massKg: null, sex: null }, 'drop_jump').details as Record<
        string,
        number
      >;
      expect(Math.abs(d.contact_time_s - plates.contact)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(d.flight_time_s - plates.flight)).toBeLessThanOrEqual(0.01);
    });
  }
});
