/**
 * Which model a neutral trial is scaled on and how a movement trial's IK is weighted. The CLI and the worker
 * run the same steps (neutral.ts, trial.ts); only where the model comes from differs (the worker reads the
 * session's settings and MODELS_DIR, the CLI uses the built-in model).
 */
import {
  BUILTIN_MODEL_NAME,
  loadBuiltinModel,
  OPTIONAL_KEYPOINT_NAMES,
  type IKOptions,
  type MarkerTrajectories,
  type Model,
  type ScaleOptions,
} from '@poselab/biomech';
import type { ProcessingWarning } from '../quality/warnings';

/** Turns 3D keypoints into the model's markers (the marker augmenter); null: the keypoints are the markers. */
export type Augment = (keypoints: MarkerTrajectories) => Promise<MarkerTrajectories>;

export interface KinematicsSetup {
  modelName: string;
  /** Generic model carrying the markers the data will have. */
  generic: Model;
  augment: Augment | null;
  augmenterVersion: string | null;
  scaleOptions: Omit<ScaleOptions, 'setup'>;
  /** Why the model differs from the one asked for (model_replaced, augmenter_missing, ...). */
  warnings: ProcessingWarning[];
}

/** A scaled model and how a movement trial is solved on it. */
export interface TrialModel {
  model: Model;
  augment: Augment | null;
  ik: IKOptions;
}

/**
 * Marker weights of keypoints on the built-in model. The head keypoints get 0: the built-in model's head is
 * rigid with the trunk while a subject looks around (on the demo's balancing trial the nose sits 18 cm from the
 * trunk's fit), and BlazePose places a face on the back of a head seen from behind.
 */
export const KEYPOINT_MARKER_WEIGHTS: Readonly<Record<string, number>> = Object.fromEntries(
  OPTIONAL_KEYPOINT_NAMES.map((n) => [n, 0]),
);

/**
 * Coordinates keypoints barely see on the built-in model, held weakly at the neutral pose. The pelvis keypoints
 * lie on the hip axis, so pelvis tilt trades against lumbar extension and both hip flexions (a trunk
 * flexing at the spine and a pelvis tilting forward put the shoulders in the same place); BlazePose's two foot
 * points leave the subtalar and toe joints nearly free. Without this prior the demo's balancing trial pinned
 * both hip flexions at -30° and the toes at +30° (their limits); with it, none of its coordinates reaches a
 * limit and the marker error rises from 15 to 17 mm.
 */
export const KEYPOINT_PRIOR_COORDINATES = [
  'lumbar_extension',
  'hip_flexion_r',
  'hip_flexion_l',
  'subtalar_angle_r',
  'subtalar_angle_l',
  'mtp_angle_r',
  'mtp_angle_l',
] as const;
/** Weight of that prior: 1 rad away from the neutral costs as much as a marker 10 cm off. */
export const KEYPOINT_PRIOR_WEIGHT = 0.01;
/** IK temporal smoothing for keypoints (see solveIK's `smoothing`). */
export const KEYPOINT_IK_SMOOTHING = 0.01;

/** IK options for a model whose markers are the keypoints themselves (the built-in model, scaled). */
export function keypointIkOptions(model: Model): IKOptions {
  const coordinateTargets = Object.fromEntries(
    KEYPOINT_PRIOR_COORDINATES.flatMap((name) => {
      const c = model.coordinates.find((x) => x.name === name);
      return c ? [[name, { value: c.defaultValue, weight: KEYPOINT_PRIOR_WEIGHT }]] : [];
    }),
  );
  return {
    weights: keypointWeights(model),
    coordinateTargets,
    smoothing: KEYPOINT_IK_SMOOTHING,
  };
}

function keypointWeights(model: Model): Record<string, number> {
  return Object.fromEntries(model.markers.map((m) => [m.name, KEYPOINT_MARKER_WEIGHTS[m.name] ?? 1]));
}

/** The built-in model on the keypoints (the CLI's model, and the worker's when no OpenSim model is installed). */
export function builtinSetup(warnings: ProcessingWarning[] = []): KinematicsSetup {
  const generic = loadBuiltinModel();
  return {
    modelName: BUILTIN_MODEL_NAME,
    generic,
    augment: null,
    augmenterVersion: null,
    scaleOptions: { weights: keypointWeights(generic) },
    warnings,
  };
}

/** How a trial is solved on a scaled built-in model. */
export function keypointTrialModel(model: Model): TrialModel {
  return { model, augment: null, ik: keypointIkOptions(model) };
}
