import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILTIN_MODEL_NAME,
  listAugmenters,
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
} from '@poselab/biomech';
import {
  builtinSetup,
  keypointTrialModel,
  processingWarning,
  type Augment,
  type KinematicsSetup,
  type TrialModel,
} from '@poselab/pipeline';
import type { JobSpec } from '@poselab/contract';

/**
 * Which musculoskeletal model a trial uses. With the OpenCap files installed in MODELS_DIR (same layout as
 * ../shared/data/opencap-models: <model>.osim, setup/*.xml, augmenter-v0.3-{lower,upper}/), the session's
 * OpenSim model runs on the marker augmenter's outputs, scaled and solved with OpenCap's setups. Otherwise the
 * built-in model, whose markers are the keypoints themselves, is used and the user is told (model_replaced).
 * The steps after that are the pipeline's (neutralKinematics, trialKinematics), the same as the CLI's.
 */
export interface BiomechSetup extends KinematicsSetup {
  augmenter: Augmenter | null;
}

export function modelsDir(): string | null {
  const dir = process.env.MODELS_DIR;
  return dir && existsSync(dir) ? dir : null;
}

/** The augmenter as the pipeline's Augment step, for this subject. */
function augmentWith(augmenter: Augmenter, subject: JobSpec['subject']): Augment {
  return (keypoints) =>
    runAugmenter(augmenter, keypoints, { heightM: subject.height_m, massKg: subject.weight_kg });
}

export function loadBiomechSetup(settings: JobSpec['settings'], subject?: JobSpec['subject']): BiomechSetup {
  const requested = settings.openSimModel ?? 'LaiUhlrich2022_shoulder';
  const dir = modelsDir();
  const osim = dir ? join(dir, `${requested}.osim`) : null;
  if (!dir || !osim || !existsSync(osim))
    return {
      ...builtinSetup([processingWarning('model_replaced', { requested, used: BUILTIN_MODEL_NAME })]),
      augmenter: null,
    };
  const versions = listAugmenters(dir);
  const wanted = settings.augmenter_model ?? 'v0.3';
  const version = versions.includes(wanted) ? wanted : versions[0];
  if (!version)
    return {
      ...builtinSetup([processingWarning('augmenter_missing', { used: BUILTIN_MODEL_NAME })]),
      augmenter: null,
    };
  const warnings =
    version === wanted ? [] : [processingWarning('augmenter_replaced', { requested: wanted, used: version })];
  const shoulder = requested.endsWith('_shoulder');
  const setup = (f: string) => readFileSync(join(dir, 'setup', f), 'utf8');
  const generic = withMarkers(readOsim(readFileSync(osim, 'utf8')), [
    ...readMarkerSet(setup('LaiUhlrich2022_markers_openpose.xml')),
    ...readMarkerSet(
      setup(
        shoulder ? 'LaiUhlrich2022_markers_augmenter_shoulder.xml' : 'LaiUhlrich2022_markers_augmenter.xml',
      ),
    ),
  ]);
  const scaling = readScaleSetup(
    setup(
      settings.scaling_setup === 'any_pose'
        ? 'Setup_scaling_LaiUhlrich2022_any_pose.xml'
        : 'Setup_scaling_LaiUhlrich2022.xml',
    ),
  );
  const augmenter = loadAugmenter(dir, version);
  return {
    modelName: requested,
    generic,
    augmenter,
    augment: subject ? augmentWith(augmenter, subject) : null,
    augmenterVersion: version,
    scaleOptions: {
      measurements: scaling.measurements,
      weights: scaling.markerWeights,
      uprightTargets: scaling.coordinateTargets,
    },
    warnings,
  };
}

/** A scaled model made on augmenter markers carries OpenCap's '_study' markers. */
export function usesAugmenter(model: Model): boolean {
  return model.markers.some((m) => m.name.endsWith('_study'));
}

/**
 * How a movement trial is solved on the neutral's scaled model: on augmenter markers with OpenCap's IK setup
 * (the augmenter files must be installed on this worker), or on the keypoints with the built-in model's weights.
 */
export function trialModelFor(model: Model, subject: JobSpec['subject']): TrialModel {
  if (!usesAugmenter(model)) return keypointTrialModel(model);
  const dir = modelsDir();
  const version = dir ? listAugmenters(dir)[0] : undefined;
  if (!dir || !version)
    throw new Error(
      'The scaled model needs the marker augmenter, which is not installed on this worker (MODELS_DIR).',
    );
  const ik = readIKSetup(
    readFileSync(
      join(dir, 'setup', model.name.endsWith('_shoulder') ? 'Setup_IK_shoulder.xml' : 'Setup_IK.xml'),
      'utf8',
    ),
  );
  return {
    model,
    augment: augmentWith(loadAugmenter(dir, version), subject),
    ik: { weights: ik.markerWeights, coordinateTargets: ik.coordinateTargets, smoothing: 0.005 },
  };
}

/** Marker data for scaling or IK: augmenter outputs when the model needs them, else the keypoints. */
export async function markersForModel(
  keypoints: MarkerTrajectories,
  augmenter: Augmenter | null,
  subject: JobSpec['subject'],
): Promise<MarkerTrajectories> {
  if (!augmenter) return keypoints;
  return augmentWith(augmenter, subject)(keypoints);
}
