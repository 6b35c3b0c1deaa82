import { describe, expect, it } from 'vitest';
import { KEYPOINT_TO_OPENPOSE, UPRIGHT_POSE_TARGETS } from '@poselab/biomech';
import { AUGMENTER_WEIGHT_SCALE, augmenterTrialIk } from './augmenter-weights';
import { loadKinematicsSetup, trialModelFor } from './installed-models';
import { KEYPOINT_UNMEASURED_COORDINATES, SCALING_HIP_WEIGHTS } from './setup';

const SUBJECT = { heightM: 1.75, massKg: 70 };
const setup = loadKinematicsSetup({}, SUBJECT);
const openPose = new Set(Object.values(KEYPOINT_TO_OPENPOSE));

describe('the default path weighs the video keypoints over the augmenter (bench:ik, issue #24)', () => {
  it('scales with the keypoints leading and the upright assumption of the built-in path', () => {
    const w = setup.scaleOptions.weights!;
    expect(w.RKnee).toBe(1);
    expect(w.RHip).toBe(SCALING_HIP_WEIGHTS.r_hip);
    // Setup_scaling weighs the augmenter's knee marker 10; scaled by the factor.
    expect(w.r_knee_study).toBeCloseTo(10 * AUGMENTER_WEIGHT_SCALE, 12);
    expect(w.Nose ?? 0).toBe(0);
    for (const [name, value] of Object.entries(UPRIGHT_POSE_TARGETS))
      expect(setup.scaleOptions.uprightTargets?.[name], name).toEqual({ value, weight: 1 });
  });

  it("solves a trial on the keypoints, the augmenter's markers at the factor times Setup_IK's weights", async () => {
    const trial = trialModelFor(setup.generic, SUBJECT);
    const w = trial.ik.weights!;
    for (const name of openPose)
      if (setup.generic.markers.some((m) => m.name === name)) expect(w[name]).toBe(1);
    const study = Object.entries(w).filter(([n]) => n.endsWith('_study'));
    expect(study.length).toBeGreaterThan(30);
    for (const [, v] of study) expect(v).toBeLessThanOrEqual(60 * AUGMENTER_WEIGHT_SCALE);
    // The built-in path's priors: lumbo-pelvic rhythm, soft hip limits, toes and forearms held at the neutral.
    expect(trial.ik.couplingTargets?.[0]).toMatchObject({
      coordinate: 'lumbar_extension',
      other: 'pelvis_tilt',
    });
    expect(trial.ik.softLimits?.coordinates).toEqual(['hip_flexion_r', 'hip_flexion_l']);
    for (const n of KEYPOINT_UNMEASURED_COORDINATES)
      expect(trial.model.coordinates.find((c) => c.name === n)?.locked, n).toBe(true);
    // Setup_IK_shoulder's weak targets on the scapula stay.
    expect(trial.ik.coordinateTargets?.sh_ty_r).toBeDefined();
    expect(trial.augment).not.toBeNull();
  });

  it('drops the augmenter from IK at factor 0 and keeps OpenCap’s relative weights at any other', () => {
    const ik = { markerWeights: { C7_study: 5, r_knee_study: 30, RKnee: 99 }, coordinateTargets: {} };
    expect(augmenterTrialIk(setup.generic, ik, 0).ik.weights).toMatchObject({ C7_study: 0, RKnee: 1 });
    const half = augmenterTrialIk(setup.generic, ik, 0.5).ik.weights!;
    expect(half.r_knee_study / half.C7_study).toBeCloseTo(6, 12);
    // Only the '_study' markers take Setup_IK's weights; the keypoints keep 1.
    expect(half.RKnee).toBe(1);
  });
});
