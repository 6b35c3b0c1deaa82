/**
 * The files the default model writes (SPEC §9: LaiUhlrich2022_shoulder on augmenter v0.3), read as OpenCap's
 * processing scripts read them: the .mot's columns are `time` then every coordinate of the model in its order
 * (the knees' `_beta` columns included) in degrees, the .trc holds the video keypoints under OpenPose's names
 * and the augmenter's `_study` markers in the units its header declares, and the scaled .osim is an OpenSim 4
 * document of the same model.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUGMENTER_V03,
  KEYPOINT_NAMES,
  KEYPOINT_TO_OPENPOSE,
  markerPositions,
  motionFromFrames,
  readOsim,
  SHIPPED_MODELS_DIR,
  scaleModel,
  solveIK,
  writeMot,
  writeOsim,
  writeTrc,
  type MarkerTrajectories,
} from '@poselab/biomech';
import { readMotAsOpenCap, readTrcAsOpenCap } from '../../../biomech/src/testing/opencap-reader';
import { loadKinematicsSetup, trialModelFor } from './installed-models';

const subject = { heightM: 1.8, massKg: 70 };

/** Keypoints where the model's OpenPose markers are, standing then bending the right knee. */
function keypoints(
  model: ReturnType<typeof loadKinematicsSetup>['generic'],
  frames: number,
): MarkerTrajectories {
  const poses = Array.from({ length: frames }, (_v, i) => ({
    pelvis_ty: 0.93,
    knee_angle_r: i < frames / 2 ? 0 : 0.02 * (i - frames / 2),
  }));
  const names: string[] = [...KEYPOINT_NAMES.filter((n) => n !== 'midhip'), 'midhip'];
  return {
    names,
    time: poses.map((_q, i) => i / 30),
    frames: poses.map((q) => {
      const mp = markerPositions(model, q);
      return Float64Array.from(names.flatMap((n) => mp[KEYPOINT_TO_OPENPOSE[n]]));
    }),
  };
}

describe('outputs of the default model, read as OpenCap reads them', () => {
  it('writes every coordinate in the .mot, keypoints and augmenter markers in the .trc, an OpenSim 4 model', async () => {
    const setup = loadKinematicsSetup({}, subject);
    expect([setup.modelName, setup.augmenterVersion, setup.warnings]).toEqual([
      'LaiUhlrich2022_shoulder',
      'v0.3',
      [],
    ]);
    const neutral = await setup.augment!(keypoints(setup.generic, 30));
    const scaled = scaleModel(setup.generic, neutral, {
      ...setup.scaleOptions,
      setup: 'upright_standing_pose',
    });
    const osimText = writeOsim(scaled.model, 'test');
    const model = readOsim(osimText);
    const trialModel = trialModelFor(model, subject);
    const markers = await trialModel.augment!(keypoints(setup.generic, 30));
    const ik = solveIK(trialModel.model, markers, trialModel.ik);

    const mot = readMotAsOpenCap(writeMot(motionFromFrames(model, ik.time, ik.frames)));
    expect(mot.inDegrees).toBe(true);
    // OpenSim's order: the coordinates as the .osim file lists them, joint after joint.
    const fileOrder = [
      ...readFileSync(join(SHIPPED_MODELS_DIR, 'LaiUhlrich2022_shoulder.osim'), 'utf8').matchAll(
        /<Coordinate name="([^"]+)"/g,
      ),
    ].map((m) => m[1]);
    expect(fileOrder).toHaveLength(41);
    expect(mot.labels).toEqual(['time', ...fileOrder]);
    expect(mot.labels).toEqual(
      expect.arrayContaining(['knee_angle_r_beta', 'knee_angle_l_beta', 'sh_elev_r']),
    );
    expect(mot.rows).toHaveLength(30);
    expect(mot.column('time')[29]).toBeCloseTo(29 / 30, 6);
    // Degrees: the right knee bends to about 0.28 rad = 16° at the end.
    expect(mot.column('knee_angle_r')[29]).toBeGreaterThan(8);

    const trc = readTrcAsOpenCap(writeTrc(markers, { fileName: 'trial.trc' }));
    expect(trc.units).toBe('m');
    const study = AUGMENTER_V03.flatMap((p) => p.responses);
    expect(trc.markers).toEqual([
      ...KEYPOINT_NAMES.filter((n) => n !== 'midhip').map((n) => KEYPOINT_TO_OPENPOSE[n]),
      'midHip',
      ...study,
    ]);
    expect(trc.markers).toEqual(expect.arrayContaining(['RShoulder', 'RBigToe', 'r.ASIS_study', 'C7_study']));
    // Metres, as declared: the 7th cervical vertebra of a standing 1.8 m subject is 1.3-1.6 m up.
    const c7 = trc.marker('C7_study')[0][1];
    expect(c7).toBeGreaterThan(1.2);
    expect(c7).toBeLessThan(1.7);

    expect(osimText).toMatch(/^<\?xml[^>]*>\s*(<!--[^]*?-->\s*)?<OpenSimDocument Version="40000">/);
    expect(model.name).toBe('LaiUhlrich2022_shoulder');
    expect(model.coordinates.map((c) => c.name)).toEqual(setup.generic.coordinates.map((c) => c.name));
    expect(model.markers.map((m) => m.name)).toEqual(expect.arrayContaining(study));
  });

  // Found on a phone trial: a toe hidden longer than triangulation fills stopped the whole trial in the augmenter.
  it('solves a trial whose keypoint is missing for 10 frames: IK fits those frames to the keypoints alone', async () => {
    const setup = loadKinematicsSetup({}, subject);
    const neutral = await setup.augment!(keypoints(setup.generic, 30));
    const scaled = scaleModel(setup.generic, neutral, {
      ...setup.scaleOptions,
      setup: 'upright_standing_pose',
    });
    const trialModel = trialModelFor(scaled.model, subject);
    const input = keypoints(setup.generic, 30);
    const toe = input.names.indexOf('l_small_toe');
    for (let t = 10; t < 20; t++) input.frames[t].fill(NaN, 3 * toe, 3 * toe + 3);
    const markers = await trialModel.augment!(input);
    const asis = markers.names.indexOf('r.ASIS_study');
    expect(Number.isNaN(markers.frames[15][3 * asis])).toBe(true);
    expect(Number.isFinite(markers.frames[25][3 * asis])).toBe(true);
    const ik = solveIK(trialModel.model, markers, trialModel.ik);
    const mot = readMotAsOpenCap(writeMot(motionFromFrames(scaled.model, ik.time, ik.frames)));
    expect(mot.column('knee_angle_r').every(Number.isFinite)).toBe(true);
    expect(mot.column('knee_angle_r')[29]).toBeGreaterThan(8);
    const trc = readTrcAsOpenCap(writeTrc(markers, { fileName: 'trial.trc' }));
    expect(trc.marker('C7_study')).toHaveLength(30);
  });
});
