import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBuiltinModel, readOsim } from '@poselab/biomech';
import { HAS_SHARED_DATA, laiUhlrichModel, SHARED_DATA, sharedMotion } from '../testing/shared-data';
import { coordinateConventions, modelKneeFlexion, motionKneeFlexion, reverseColumns } from './conventions';
import { trialKinematics } from './from-motion';

const CIRCUIT = 'mocap-ground-truth/camargo2021-levelground';
const circuitModel = () => readOsim(readFileSync(resolve(SHARED_DATA, CIRCUIT, 'final.osim'), 'utf8'));
const circuitMotion = () => sharedMotion(`${CIRCUIT}/levelground_ccw_fast_01_01_ik.mot`);

describe('knee flexion sign convention', () => {
  it('the built-in model measures knee flexion positive (as LaiUhlrich2022)', () => {
    expect(modelKneeFlexion(loadBuiltinModel())).toBe('positive');
  });

  it('reverseColumns reverses only the named columns, in a copy', () => {
    const m = { name: 'x', inDegrees: true, columns: ['a', 'knee_angle_r'], time: [0], rows: [[1, -50]] };
    expect(reverseColumns(m, ['knee_angle_r']).rows).toEqual([[1, 50]]);
    expect(m.rows).toEqual([[1, -50]]);
  });

  it.skipIf(!HAS_SHARED_DATA)(
    'reads it from the model: LaiUhlrich2022 positive, gait2392-style negative',
    () => {
      expect(modelKneeFlexion(laiUhlrichModel())).toBe('positive');
      expect(modelKneeFlexion(circuitModel())).toBe('negative');
    },
  );

  it.skipIf(!HAS_SHARED_DATA)(
    'without the model, from the motion: walking1 positive, the circuit negative',
    () => {
      expect(motionKneeFlexion(sharedMotion('opencap-motions/walking1.mot'))).toBe('positive');
      expect(motionKneeFlexion(sharedMotion('opencap-motions/squats1.mot'))).toBe('positive');
      expect(motionKneeFlexion(circuitMotion())).toBe('negative');
    },
  );

  it.skipIf(!HAS_SHARED_DATA)('our own models and motions are read as given (nothing reversed)', () => {
    const walk = sharedMotion('opencap-motions/walking1.mot');
    for (const model of [laiUhlrichModel(), loadBuiltinModel()]) {
      const c = coordinateConventions(model, walk, true);
      expect(c).toEqual({ basis: 'model_range', kneeFlexion: 'positive', reversed: [] });
      const kin = trialKinematics(model, walk);
      expect(Math.max(...kin.coordinates.knee_angle_r)).toBeGreaterThan(40);
    }
  });

  it.skipIf(!HAS_SHARED_DATA)(
    'the circuit reads positive knee flexion: on its model (reversed after FK) and on the built-in one (before)',
    () => {
      const motion = circuitMotion();
      const own = trialKinematics(circuitModel(), motion);
      expect(own.conventions).toEqual({
        basis: 'model_range',
        kneeFlexion: 'negative',
        reversed: ['knee_angle_r', 'knee_angle_l'],
      });
      const stand = trialKinematics(loadBuiltinModel(), motion, { modelIsTheMotions: false });
      expect(stand.conventions?.basis).toBe('motion_values');
      for (const kin of [own, stand]) {
        expect(Math.max(...kin.coordinates.knee_angle_r)).toBeGreaterThan(55);
        expect(Math.min(...kin.coordinates.knee_angle_r)).toBeGreaterThan(-15);
      }
      // On the built-in model the knees bend forward: the knee lies in front of the hip–ankle line in swing.
      const i = stand.coordinates.knee_angle_r.indexOf(Math.max(...stand.coordinates.knee_angle_r));
      const p = (name: 'hip_r' | 'knee_r' | 'ankle_r') => stand.points[name].slice(3 * i, 3 * i + 3);
      const [hip, knee, ankle] = [p('hip_r'), p('knee_r'), p('ankle_r')];
      const forward = [stand.segments.pelvis[9 * i], stand.segments.pelvis[9 * i + 6]];
      const mid = [(hip[0] + ankle[0]) / 2, (hip[2] + ankle[2]) / 2];
      expect((knee[0] - mid[0]) * forward[0] + (knee[2] - mid[1]) * forward[1]).toBeGreaterThan(0.05);
    },
  );
});
