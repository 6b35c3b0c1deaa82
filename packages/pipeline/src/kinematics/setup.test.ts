import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  KEYPOINT_NAMES,
  loadBuiltinModel,
  markerPositions,
  OPTIONAL_KEYPOINT_NAMES,
  readMarkerSet,
  scaleModel,
  solveIK,
  withDefaultPose,
  type Model,
} from '@poselab/biomech';
import { builtinSetup, keypointTrialModel, KEYPOINT_UNMEASURED_COORDINATES } from './setup';

const DEG = Math.PI / 180;
const OPENCAP_SETUP = fileURLToPath(
  new URL('../../../../../shared/data/opencap-models/setup', import.meta.url),
);

/** The built-in model with a neutral pose whose toes and forearms are not at zero. */
function neutralModel(): Model {
  const generic = loadBuiltinModel();
  const q = Float64Array.from(generic.coordinates.map((c) => c.defaultValue));
  const set = (n: string, v: number) => (q[generic.coordinates.findIndex((c) => c.name === n)] = v);
  set('mtp_angle_r', -7 * DEG);
  set('mtp_angle_l', -7 * DEG);
  set('pro_sup_r', 60 * DEG);
  set('pro_sup_l', 60 * DEG);
  return withDefaultPose(generic, q);
}

describe('keypoint IK on the built-in model (keypointTrialModel)', () => {
  it('holds the toes and the forearms’ rotation at the neutral pose: no keypoint measures them', () => {
    const model = neutralModel();
    const { model: trialModel } = keypointTrialModel(model);
    for (const name of KEYPOINT_UNMEASURED_COORDINATES) {
      const c = trialModel.coordinates.find((x) => x.name === name)!;
      expect(c.locked, name).toBe(true);
      expect(c.defaultValue, name).toBe(model.coordinates.find((x) => x.name === name)!.defaultValue);
    }
    expect(KEYPOINT_UNMEASURED_COORDINATES).toEqual(
      expect.arrayContaining(['mtp_angle_r', 'mtp_angle_l', 'pro_sup_r', 'pro_sup_l']),
    );
  });

  it('does not move the toes when the foot index moves: the foot turns instead', () => {
    const model = neutralModel();
    const { model: trialModel, ik } = keypointTrialModel(model);
    // The subject plantarflexes the ankle by 15°; the detector's foot index drifts 1 cm up on top of that.
    const pose = Object.fromEntries(model.coordinates.map((c) => [c.name, c.defaultValue]));
    pose.ankle_angle_r = -15 * DEG;
    const points = markerPositions(model, pose);
    const names = [...KEYPOINT_NAMES];
    const frame = Float64Array.from(
      names.flatMap((n) =>
        n === 'r_big_toe' ? [points[n][0], points[n][1] + 0.01, points[n][2]] : points[n],
      ),
    );
    const res = solveIK(trialModel, { names, time: [0], frames: [frame] }, { ...ik, smoothing: 0 });
    const value = (n: string) => res.frames[0][trialModel.coordinates.findIndex((c) => c.name === n)] / DEG;
    expect(value('mtp_angle_r')).toBeCloseTo(-7, 6);
    expect(Math.abs(value('ankle_angle_r') + 15)).toBeLessThan(5);
  });

  it.skipIf(!existsSync(OPENCAP_SETUP))(
    'follows OpenCap, whose keypoint and augmenter marker sets put no marker on the toes',
    () => {
      for (const file of ['LaiUhlrich2022_markers_openpose.xml', 'LaiUhlrich2022_markers_augmenter.xml']) {
        const markers = readMarkerSet(readFileSync(`${OPENCAP_SETUP}/${file}`, 'utf8'));
        expect(markers.length, file).toBeGreaterThan(10);
        expect(
          markers.filter((m) => m.body.startsWith('toes')),
          file,
        ).toEqual([]);
      }
    },
  );

  it('scales on a neutral with straight elbows without leaving the arms’ rotations anywhere', () => {
    // The generic model standing in its zero pose (arms down, elbows straight), keypoints with 2 mm of noise:
    // no keypoint tells the upper arms' or forearms' rotation. Without the weak targets scaling left them at
    // -224° and 53° (arms) here, and that pose is where every trial's IK starts and its forearms stay.
    const generic = loadBuiltinModel();
    const names = [...KEYPOINT_NAMES, ...OPTIONAL_KEYPOINT_NAMES];
    const points = markerPositions(generic, {});
    let seed = 1;
    const noise = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 0.004;
    };
    const frames = Array.from({ length: 30 }, () =>
      Float64Array.from(names.flatMap((n) => points[n].map((v) => v + noise()))),
    );
    const time = frames.map((_f, i) => i / 30);
    const { pose, model } = scaleModel(generic, { names, time, frames }, builtinSetup().scaleOptions);
    for (const n of ['arm_rot_r', 'arm_rot_l', 'pro_sup_r', 'pro_sup_l']) {
      expect(Math.abs(pose[n]) / DEG, n).toBeLessThan(5);
      expect(Math.abs(model.coordinates.find((c) => c.name === n)!.defaultValue) / DEG, n).toBeLessThan(5);
    }
  });
});
