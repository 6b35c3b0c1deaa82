/**
 * How the default path (SPEC §9: an OpenSim model on the marker augmenter's markers) weighs the augmenter's
 * markers against the video keypoints, in scaling and in a trial's IK. Chosen on bench:ik's detector-like case
 * (BlazePose-like keypoints, 4 virtual cameras, 3 px), issue #24.
 */
import {
  KEYPOINT_TO_OPENPOSE,
  type CoordinateTarget,
  type IKOptions,
  type Model,
  type ScaleOptions,
} from '@poselab/biomech';
import {
  keypointIkOptions,
  keypointUprightTargets,
  SCALING_HIP_WEIGHTS,
  withUnmeasuredLocked,
  type TrialModel,
} from './setup';

/**
 * Factor on OpenCap's weights of the augmenter's markers (Setup_scaling 5-10, Setup_IK 5-60) beside the video
 * keypoints at weight 1. The augmenter was trained on OpenPose/MMPose keypoints; BlazePose's landmarks are
 * elsewhere on the body (hips 2.5 cm higher, 1.5 cm more lateral, 1 cm forward; the heel and toe too), and
 * the augmenter does not turn that into a constant offset that placing its markers at the neutral could
 * absorb: its pelvis markers tilt with the movement (pelvis tilt 16.6° RMSE of which 8.6° constant, at
 * OpenCap's weights with the pose assumption below). So the video keypoints, whose markers scaling places where
 * the detector put them on this subject, lead; the augmenter's markers only weigh in where nothing else
 * decides. bench:ik, detector-like case, worst over the lower limb, seed 0 (load ~10):
 *
 * | factor               | flexion | lower limb | worst      |
 * | -------------------- | ------- | ---------- | ---------- |
 * | 1 (OpenCap, before)  | 10.52°  | 10.52°     | hip flex.  |
 * | 0.1                  | 4.78°   | 8.46°      | subtalar   |
 * | 0.01 (shipped)       | 4.13°   | 5.78°      | subtalar   |
 * | 0 (keypoints only)   | 4.19°   | 5.16°      | subtalar   |
 *
 * The .trc still holds the augmenter's markers (OpenCap's layout), and scaling still measures the segments on
 * them (Setup_scaling's marker pairs).
 */
export const AUGMENTER_WEIGHT_SCALE = 0.01;

/** The video keypoints' markers (OpenPose names, body only: the head is rigid with the trunk in the model). */
function videoKeypointWeights(
  model: Model,
  perKeypoint: Record<string, number> = {},
): Record<string, number> {
  const names = new Map(Object.entries(KEYPOINT_TO_OPENPOSE).map(([ours, op]) => [op, ours]));
  return Object.fromEntries(
    model.markers.flatMap((m) => {
      const ours = names.get(m.name);
      return ours ? [[m.name, perKeypoint[ours] ?? 1]] : [];
    }),
  );
}

/** The augmenter's ('_study') markers at `scale` times their setup weights. */
function augmenterWeights(setupWeights: Record<string, number>, scale: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(setupWeights)
      .filter(([n]) => n.endsWith('_study'))
      .map(([n, w]) => [n, w * scale]),
  );
}

/**
 * Scaling on the augmenter's model: Setup_scaling's measurements (segment lengths from the augmenter's marker
 * pairs), the pose fitted on the video keypoints (hips at SCALING_HIP_WEIGHTS) with the augmenter's markers at
 * `scale`, and the built-in path's upright assumption over OpenCap's weak (0.1) targets: the neutral defines
 * the zero of the angles it targets, as on the built-in path.
 */
export function augmenterScaleOptions(
  generic: Model,
  setup: { measurements: ScaleOptions['measurements']; markerWeights: Record<string, number> },
  coordinateTargets: Record<string, CoordinateTarget>,
  scale = AUGMENTER_WEIGHT_SCALE,
): Omit<ScaleOptions, 'setup'> {
  return {
    measurements: setup.measurements,
    weights: {
      ...videoKeypointWeights(generic, SCALING_HIP_WEIGHTS),
      ...augmenterWeights(setup.markerWeights, scale),
    },
    uprightTargets: { ...coordinateTargets, ...keypointUprightTargets() },
  };
}

/**
 * A trial's IK on the augmenter's model: the built-in path's keypoint IK (its priors, soft limits, lumbo-pelvic
 * rhythm, smoothing; toes and forearm rotation held at the neutral) on the video keypoints, with the
 * augmenter's markers at `scale` times Setup_IK's weights and Setup_IK's coordinate targets (the scapula).
 */
export function augmenterTrialIk(
  model: Model,
  setupIk: { markerWeights: Record<string, number>; coordinateTargets: Record<string, CoordinateTarget> },
  scale = AUGMENTER_WEIGHT_SCALE,
): Omit<TrialModel, 'augment'> {
  const locked = withUnmeasuredLocked(model);
  const keypoint = keypointIkOptions(locked);
  const ik: IKOptions = {
    ...keypoint,
    weights: { ...videoKeypointWeights(locked), ...augmenterWeights(setupIk.markerWeights, scale) },
    coordinateTargets: { ...setupIk.coordinateTargets, ...keypoint.coordinateTargets },
  };
  return { model: locked, ik };
}
