/**
 * Which model a neutral trial is scaled on and how a movement trial's IK is weighted. The CLI and the worker
 * run the same steps (neutral.ts, trial.ts); only where the model comes from differs (the worker reads the
 * session's settings and MODELS_DIR, the CLI uses the built-in model).
 */
import {
  BUILTIN_MODEL_NAME,
  loadBuiltinModel,
  OPTIONAL_KEYPOINT_NAMES,
  UPRIGHT_POSE_TARGETS,
  UPRIGHT_POSE_WEIGHT,
  type CoordinateTarget,
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
 * Coordinates keypoints barely see on the built-in model, held weakly at the neutral pose: BlazePose's three foot
 * points (ankle, heel, toe tip; the small toe is derived) leave the subtalar joint nearly free, and on the demo's
 * balancing trial it otherwise sat at its limit in a third of the frames.
 */
export const KEYPOINT_PRIOR_COORDINATES = ['subtalar_angle_r', 'subtalar_angle_l'] as const;
/** Weight of that prior: 1 rad away from the neutral costs as much as a marker 10 cm off. */
export const KEYPOINT_PRIOR_WEIGHT = 0.01;
/**
 * Soft limits on hip flexion, 10° inside its range (-30° to 120°). The pelvis keypoints lie on the hip axis, so
 * pelvis tilt trades against lumbar extension and both hip flexions; a trunk bending along the whole spine (the
 * model bends at L5/S1 only) then reads as a pelvis tilted backwards with both hips in full extension: on the
 * demo's balancing trial both hip flexions sat at -30° in 7-9 % of the frames. A prior towards the neutral on
 * those coordinates would fix the demo but pulls a squat's 100° of hip flexion into the pelvis (bench:ik's
 * detector-like squats: 17° RMSE); the soft limit only acts near the limit.
 */
export const KEYPOINT_SOFT_LIMITS = {
  marginRad: (10 * Math.PI) / 180,
  weight: 0.1,
  coordinates: ['hip_flexion_r', 'hip_flexion_l'],
} as const;
/**
 * Lumbo-pelvic rhythm: relative to the neutral, lumbar flexion and forward pelvic tilt share a trunk's bend
 * (lumbar_extension − pelvis_tilt held near its neutral value; both are negative bending forward). The pelvis
 * keypoints lie on the hip axis, so only this prior tells a pelvis tilting from a spine bending; without it the
 * demo's balancing trial, whose subject leans forward, read as a pelvis tilted 30° backwards under a lumbar
 * spine flexed 37°, and bench:ik's detector-like squats wandered by 2-6° between noise seeds. Forward bending
 * shares roughly equally between the lumbar spine and the hips (e.g. Esola et al. 1996, Spine 21:71-78).
 */
export const LUMBOPELVIC_RHYTHM_WEIGHT = 0.01;

function lumbopelvicRhythm(model: Model) {
  const neutral = (n: string) => model.coordinates.find((c) => c.name === n)?.defaultValue ?? 0;
  return {
    coordinate: 'lumbar_extension',
    other: 'pelvis_tilt',
    gain: 1,
    value: neutral('lumbar_extension') - neutral('pelvis_tilt'),
    weight: LUMBOPELVIC_RHYTHM_WEIGHT,
  };
}

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
    softLimits: KEYPOINT_SOFT_LIMITS,
    couplingTargets: [lumbopelvicRhythm(model)],
  };
}

function keypointWeights(model: Model): Record<string, number> {
  return Object.fromEntries(model.markers.map((m) => [m.name, KEYPOINT_MARKER_WEIGHTS[m.name] ?? 1]));
}

/**
 * While scaling, the hip keypoints count little: the pose the markers are placed at should follow the joints
 * the keypoints mark well (knees, ankles, shoulders), not the hips' unknown offset from the hip joint centres.
 */
export const SCALING_HIP_WEIGHTS: Readonly<Record<string, number>> = { r_hip: 0.1, l_hip: 0.1, midhip: 0.1 };

/**
 * The neutral pose scaling assumes for keypoints: the upright pose (UPRIGHT_POSE_TARGETS), and the upper arms'
 * and forearms' rotations held weakly (KEYPOINT_PRIOR_WEIGHT) at the model's zero. With the elbows straight, as
 * in a neutral pose, no keypoint tells either rotation, and scaling left them wherever its solver wandered
 * (bench:ik's virtual neutrals: arm rotation from -16060° to 738°, forearm rotation anywhere in 0-120°). That
 * pose is where a trial's IK starts, what its prior pulls towards and where the forearm stays locked: the
 * detector-like squats turned a whole arm 150° round, and the trunk with it. A bent elbow still sets them.
 */
export function keypointUprightTargets(): Record<string, CoordinateTarget> {
  return {
    ...Object.fromEntries(
      Object.entries(UPRIGHT_POSE_TARGETS).map(([n, value]) => [n, { value, weight: UPRIGHT_POSE_WEIGHT }]),
    ),
    ...Object.fromEntries(
      ['arm_rot_r', 'arm_rot_l', 'pro_sup_r', 'pro_sup_l'].map((n) => [
        n,
        { value: 0, weight: KEYPOINT_PRIOR_WEIGHT },
      ]),
    ),
  };
}

/** The built-in model on the keypoints (the CLI's model, and the worker's when no OpenSim model is installed). */
export function builtinSetup(warnings: ProcessingWarning[] = []): KinematicsSetup {
  const generic = loadBuiltinModel();
  return {
    modelName: BUILTIN_MODEL_NAME,
    generic,
    augment: null,
    augmenterVersion: null,
    scaleOptions: {
      weights: { ...keypointWeights(generic), ...SCALING_HIP_WEIGHTS },
      uprightTargets: keypointUprightTargets(),
    },
    warnings,
  };
}

/**
 * Coordinates keypoints do not measure, locked at the neutral pose for keypoint IK:
 * - the forearm's rotation (no hand keypoints; the wrist keypoint sits 1.4 cm off the forearm's axis, so IK
 *   turned the forearm by noise and pinned it against its limit in 3-9 % of the demo's frames);
 * - the toes (mtp): BlazePose's foot index is the only point beyond the mtp joint, 4-5 cm from its oblique
 *   axis, and a free mtp follows the detector's error there (bench:ik's detector-like case: mtp RMSE 7.4-9.2°
 *   free, 1.0° locked; the other lower-limb coordinates are the same either way). OpenCap does the same: both
 *   its OpenPose and its augmenter marker sets (LaiUhlrich2022_markers_*.xml) put every foot marker on the
 *   calcaneus, so its IK never moves the toes (its walking and squat results hold mtp at -6.5 to -7.5°
 *   throughout). The foot index then orients the foot with the heel and the ankle.
 */
export const KEYPOINT_UNMEASURED_COORDINATES = [
  'pro_sup_r',
  'pro_sup_l',
  'mtp_angle_r',
  'mtp_angle_l',
] as const;

/** The model with the coordinates keypoints do not measure locked at its default (neutral) pose. */
export function withUnmeasuredLocked(model: Model): Model {
  const unmeasured: readonly string[] = KEYPOINT_UNMEASURED_COORDINATES;
  return {
    ...model,
    coordinates: model.coordinates.map((c) => (unmeasured.includes(c.name) ? { ...c, locked: true } : c)),
  };
}

/** How a trial is solved on a scaled built-in model. */
export function keypointTrialModel(model: Model): TrialModel {
  const locked = withUnmeasuredLocked(model);
  return { model: locked, augment: null, ik: keypointIkOptions(locked) };
}
