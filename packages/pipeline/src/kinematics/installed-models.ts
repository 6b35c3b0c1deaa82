/**
 * File adapter: the kinematics setup of a session's model choice, read from the models PoseLab ships
 * (biomech's SHIPPED_MODELS_DIR: LaiUhlrich2022, LaiUhlrich2022_shoulder, OpenCap's setups, augmenter v0.3)
 * and an optional models folder (the server's MODELS_DIR) that adds models. The worker and the CLI both call
 * it, so they run the same model on the same defaults (SPEC §9).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILTIN_MODEL_NAME,
  DEFAULT_AUGMENTER,
  DEFAULT_OPENSIM_MODEL,
  KEYPOINT_TO_OPENPOSE,
  listModels,
  loadAugmenter,
  readIKSetup,
  readMarkerSet,
  readOsim,
  readScaleSetup,
  runAugmenter,
  withMarkers,
  type Augmenter,
  type MarkerTrajectories,
  type Model,
  type ModelCatalogue,
  type ModelEntry,
} from '@poselab/biomech';
import { processingWarning } from '../quality/warnings';
import { augmenterScaleOptions, augmenterTrialIk } from './augmenter-weights';
import {
  builtinSetup,
  keypointTrialModel,
  type Augment,
  type KinematicsSetup,
  type TrialModel,
} from './setup';

export interface ModelChoice {
  /** OpenSim model id (default LaiUhlrich2022_shoulder; 'PoseLab_FullBody' = the built-in model). */
  openSimModel?: string;
  /** Marker augmenter version (default v0.3). */
  augmenterModel?: string;
  scalingSetup?: 'upright_standing_pose' | 'any_pose';
}

export interface AugmenterSubject {
  heightM: number;
  massKg: number;
}

export interface InstalledSetup extends KinematicsSetup {
  augmenter: Augmenter | null;
}

/** OpenPose names of the head keypoints (the augmenter's table has the body ones). */
const HEAD_TO_OPENPOSE: Record<string, string> = {
  nose: 'Nose',
  r_eye: 'REye',
  l_eye: 'LEye',
  r_ear: 'REar',
  l_ear: 'LEar',
};

/** The keypoints under OpenPose's names, as OpenCap's .trc files and LaiUhlrich2022_markers_openpose.xml name them. */
export function withOpenPoseNames(keypoints: MarkerTrajectories): MarkerTrajectories {
  return {
    ...keypoints,
    names: keypoints.names.map((n) => KEYPOINT_TO_OPENPOSE[n] ?? HEAD_TO_OPENPOSE[n] ?? n),
  };
}

/**
 * The augmenter as the pipeline's Augment step: the video keypoints (OpenPose names) followed by the
 * augmenter's anatomical '_study' markers, the columns of OpenCap's augmented .trc.
 */
export function augmentWith(augmenter: Augmenter, subject: AugmenterSubject): Augment {
  return async (keypoints) => {
    const study = await runAugmenter(augmenter, keypoints, subject);
    const video = withOpenPoseNames(keypoints);
    return {
      names: [...video.names, ...study.names],
      time: [...keypoints.time],
      frames: keypoints.frames.map((f, t) => {
        const row = new Float64Array(f.length + study.frames[t].length);
        row.set(f, 0);
        row.set(study.frames[t], f.length);
        return row;
      }),
    };
  };
}

function setupText(entry: ModelEntry, file: string): string {
  return readFileSync(join(entry.setupDir!, 'setup', file), 'utf8');
}

/** The generic OpenSim model with OpenCap's video-keypoint and augmenter marker sets. */
function genericWithMarkers(entry: ModelEntry): Model {
  const shoulder = entry.id.endsWith('_shoulder');
  return withMarkers(readOsim(readFileSync(entry.path, 'utf8')), [
    ...readMarkerSet(setupText(entry, 'LaiUhlrich2022_markers_openpose.xml')),
    ...readMarkerSet(
      setupText(
        entry,
        shoulder ? 'LaiUhlrich2022_markers_augmenter_shoulder.xml' : 'LaiUhlrich2022_markers_augmenter.xml',
      ),
    ),
  ]);
}

/**
 * The setup a neutral is scaled with. The built-in model when asked for by name (no warning) or when the
 * requested model is not installed (warning model_replaced); an augmenter version that is not installed
 * (v0.2 is not shipped) runs on the installed one (warning augmenter_replaced).
 */
export function loadKinematicsSetup(
  choice: ModelChoice,
  subject: AugmenterSubject | undefined,
  modelsDir?: string | null,
  options: { augmenterWeightScale?: number } = {},
): InstalledSetup {
  const requested = choice.openSimModel ?? DEFAULT_OPENSIM_MODEL;
  const catalogue = listModels(modelsDir ?? undefined);
  const entry = catalogue.models.find((m) => m.id === requested);
  if (entry?.builtin) return { ...builtinSetup(), augmenter: null };
  if (!entry)
    return {
      ...builtinSetup([processingWarning('model_replaced', { requested, used: BUILTIN_MODEL_NAME })]),
      augmenter: null,
    };
  const wanted = choice.augmenterModel ?? DEFAULT_AUGMENTER;
  const version = catalogue.augmenters.includes(wanted) ? wanted : catalogue.augmenters[0];
  if (!version)
    return {
      ...builtinSetup([processingWarning('augmenter_missing', { used: BUILTIN_MODEL_NAME })]),
      augmenter: null,
    };
  const warnings =
    version === wanted ? [] : [processingWarning('augmenter_replaced', { requested: wanted, used: version })];
  const scaling = readScaleSetup(
    setupText(
      entry,
      choice.scalingSetup === 'any_pose'
        ? 'Setup_scaling_LaiUhlrich2022_any_pose.xml'
        : 'Setup_scaling_LaiUhlrich2022.xml',
    ),
  );
  const augmenter = loadAugmenter(catalogue.augmenterDirs[version], version);
  const generic = genericWithMarkers(entry);
  return {
    modelName: requested,
    generic,
    augmenter,
    augment: subject ? augmentWith(augmenter, subject) : null,
    augmenterVersion: version,
    scaleOptions: augmenterScaleOptions(
      generic,
      scaling,
      scaling.coordinateTargets,
      options.augmenterWeightScale,
    ),
    warnings,
  };
}

/** A scaled model made on augmenter markers carries OpenCap's '_study' markers. */
export function usesAugmenter(model: Model): boolean {
  return model.markers.some((m) => m.name.endsWith('_study'));
}

/**
 * How a movement trial is solved on the neutral's scaled model: on an augmenter model, the video keypoints with
 * the augmenter's markers at AUGMENTER_WEIGHT_SCALE times OpenCap's IK setup weights (augmenter-weights.ts); on
 * the built-in model, the keypoints with its weights.
 */
export function trialModelFor(
  model: Model,
  subject: AugmenterSubject,
  modelsDir?: string | null,
  options: { augmenterWeightScale?: number } = {},
): TrialModel {
  const catalogue: ModelCatalogue = listModels(modelsDir ?? undefined);
  if (!usesAugmenter(model)) return keypointTrialModel(model);
  const version = catalogue.augmenters[0];
  if (!version) throw new Error('The scaled model needs the marker augmenter, which is not installed.');
  const shipped = catalogue.models.find((m) => m.shipped && !m.builtin)!;
  const ik = readIKSetup(
    setupText(shipped, model.name.endsWith('_shoulder') ? 'Setup_IK_shoulder.xml' : 'Setup_IK.xml'),
  );
  return {
    ...augmenterTrialIk(model, ik, options.augmenterWeightScale),
    augment: augmentWith(loadAugmenter(catalogue.augmenterDirs[version], version), subject),
  };
}
