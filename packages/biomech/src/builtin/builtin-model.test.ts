import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_URL, loadBuiltinModel } from './load-builtin';
import { buildBuiltinModel } from './build-builtin-model';
import { BUILTIN_HEADER } from './header';
import { writeOsim } from '../osim/write-osim';
import { readOsim } from '../osim/read-osim';
import { KEYPOINT_NAMES, OPTIONAL_KEYPOINT_NAMES } from '../keypoints';
import { markerPositions } from '../kinematics/forward';
import { compareSignConventions } from '../testing/sign-conventions';
import { HAS_SHARED_DATA, SHARED_DATA } from '../testing/shared-data';

const LAI_COORDS = [
  'pelvis_tilt',
  'pelvis_list',
  'pelvis_rotation',
  'pelvis_tx',
  'pelvis_ty',
  'pelvis_tz',
  'hip_flexion_r',
  'hip_adduction_r',
  'hip_rotation_r',
  'knee_angle_r',
  'ankle_angle_r',
  'subtalar_angle_r',
  'mtp_angle_r',
  'hip_flexion_l',
  'hip_adduction_l',
  'hip_rotation_l',
  'knee_angle_l',
  'ankle_angle_l',
  'subtalar_angle_l',
  'mtp_angle_l',
  'lumbar_extension',
  'lumbar_bending',
  'lumbar_rotation',
  'arm_flex_r',
  'arm_add_r',
  'arm_rot_r',
  'elbow_flex_r',
  'pro_sup_r',
  'arm_flex_l',
  'arm_add_l',
  'arm_rot_l',
  'elbow_flex_l',
  'pro_sup_l',
];

describe('built-in model', () => {
  it('the committed .osim is exactly what the generator writes', () => {
    expect(readFileSync(BUILTIN_MODEL_URL, 'utf8')).toBe(writeOsim(buildBuiltinModel(), BUILTIN_HEADER));
  });

  it('has the LaiUhlrich2022 coordinate names and a marker per keypoint', () => {
    const m = loadBuiltinModel();
    expect(m.coordinates.map((c) => c.name).sort()).toEqual([...LAI_COORDS].sort());
    const names = new Set(m.markers.map((x) => x.name));
    for (const k of [...KEYPOINT_NAMES, ...OPTIONAL_KEYPOINT_NAMES]) expect(names.has(k)).toBe(true);
    for (const g of m.bodies.flatMap((b) => b.geometries)) expect(g.meshFile).toMatch(/^poselab_/);
  });

  it('stands upright on the floor in the default pose with plausible proportions', () => {
    const p = markerPositions(loadBuiltinModel(), {});
    expect(p.r_ankle[1]).toBeCloseTo(0.068, 2);
    // The hip keypoint marker sits 0.017H above the hip joint centre (0.53H), where detectors put it.
    expect(p.r_hip[1]).toBeCloseTo(0.957, 2);
    expect(p.r_hip[2]).toBeCloseTo(0.36 * 0.137 * 1.75 + 0.012 * 1.75, 3);
    expect(p.r_shoulder[1]).toBeGreaterThan(1.35);
    expect(p.r_shoulder[2]).toBeGreaterThan(0);
    expect(p.r_big_toe[0]).toBeGreaterThan(p.r_heel[0]);
    expect(Math.min(p.r_heel[1], p.r_big_toe[1])).toBeGreaterThan(0);
  });

  it.skipIf(!HAS_SHARED_DATA)('uses the sign conventions of LaiUhlrich2022 for every coordinate', () => {
    const lai = readOsim(readFileSync(resolve(SHARED_DATA, 'opencap-models/LaiUhlrich2022.osim'), 'utf8'));
    const pose = {
      knee_angle_r: 0.5,
      knee_angle_l: 0.5,
      elbow_flex_r: 0.5,
      elbow_flex_l: 0.5,
      pro_sup_r: 0.5,
      pro_sup_l: 0.5,
      hip_flexion_r: 0.3,
      hip_flexion_l: 0.3,
    };
    const cos = compareSignConventions(loadBuiltinModel(), lai, pose);
    expect(Object.keys(cos).length).toBe(30);
    for (const [name, c] of Object.entries(cos)) expect(c, name).toBeGreaterThan(0.95);
  });
});
