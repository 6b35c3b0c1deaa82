import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOsim } from '@poselab/biomech';
import { trialKinematics } from '../kinematics/from-motion';
import { HAS_SHARED_DATA, SHARED_DATA, sharedMotion } from '../testing/shared-data';
import { runAnalysis } from '.';

/**
 * Camargo et al. (2021)'s level-ground circuit: 15 s of marker-based walking around a circuit with turns, IK on
 * a gait2392-style model (knee flexion negative). Event timing against its force plates is bench:analysis-truth.
 */
const DIR = 'mocap-ground-truth/camargo2021-levelground';

describe.skipIf(!HAS_SHARED_DATA)('gait on real walking around a circuit (marker-based, with turns)', () => {
  it('keeps two or more cycles per leg, leaves the turns out and says so, and reads knee flexion positive', () => {
    const model = readOsim(readFileSync(resolve(SHARED_DATA, DIR, 'final.osim'), 'utf8'));
    const kin = trialKinematics(model, sharedMotion(`${DIR}/levelground_ccw_fast_01_01_ik.mot`));
    const r = runAnalysis('gait', kin, { heightM: null, massKg: null, sex: null });
    expect(r.scalar_values.cycles_r.value).toBeGreaterThanOrEqual(2);
    expect(r.scalar_values.cycles_l.value).toBeGreaterThanOrEqual(2);
    expect(r.details.excluded_cycles).toBeGreaterThan(0);
    expect(r.info_text).toMatch(/turns or changes of direction were left out/);
    expect(r.details.conventions).toEqual({
      basis: 'model_range',
      knee_flexion_in_motion: 'negative',
      reversed: ['knee_angle_r', 'knee_angle_l'],
    });
    // Walking: peak knee flexion in swing about 60–70° (Perry & Burnfield 2010).
    const knee = r.metrics.peak_knee_flexion_swing.value as { left: number; right: number };
    for (const v of [knee.left, knee.right]) {
      expect(v).toBeGreaterThan(55);
      expect(v).toBeLessThan(80);
    }
  });
});
