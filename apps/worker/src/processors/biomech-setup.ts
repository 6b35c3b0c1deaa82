import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILTIN_MODEL_NAME,
  listAugmenters,
  loadAugmenter,
  loadBuiltinModel,
  readIKSetup,
  readMarkerSet,
  readOsim,
  readScaleSetup,
  runAugmenter,
  withMarkers,
  type Augmenter,
  type MarkerTrajectories,
  type Model,
  type ScaleOptions,
  type TaskSet,
} from '@poselab/biomech';
import type { JobSpec } from '@poselab/contract';

/**
 * Which musculoskeletal model a trial uses. With the OpenCap files installed in MODELS_DIR (same layout as
 * ../shared/data/opencap-models: <model>.osim, setup/*.xml, augmenter-v0.3-{lower,upper}/), the session's
 * OpenSim model runs on the marker augmenter's outputs, scaled and solved with OpenCap's setups. Otherwise the
 * built-in model, whose markers are the keypoints themselves, is used and the user is told.
 */
export interface BiomechSetup {
  modelName: string;
  /** Generic model with the markers the pipeline produces. */
  generic: Model;
  augmenter: Augmenter | null;
  augmenterVersion: string | null;
  scaleOptions: Omit<ScaleOptions, 'setup'>;
  warnings: string[];
}

export function modelsDir(): string | null {
  const dir = process.env.MODELS_DIR;
  return dir && existsSync(dir) ? dir : null;
}

function builtin(warnings: string[]): BiomechSetup {
  return {
    modelName: BUILTIN_MODEL_NAME,
    generic: loadBuiltinModel(),
    augmenter: null,
    augmenterVersion: null,
    scaleOptions: {},
    warnings,
  };
}

export function loadBiomechSetup(settings: JobSpec['settings']): BiomechSetup {
  const requested = settings.openSimModel ?? 'LaiUhlrich2022_shoulder';
  const dir = modelsDir();
  const osim = dir ? join(dir, `${requested}.osim`) : null;
  if (!dir || !osim || !existsSync(osim))
    return builtin([
      `The OpenSim model ${requested} is not installed on this server; the built-in model ${BUILTIN_MODEL_NAME} was used.`,
    ]);
  const versions = listAugmenters(dir);
  const wanted = settings.augmenter_model ?? 'v0.3';
  const version = versions.includes(wanted) ? wanted : versions[0];
  if (!version)
    return builtin([
      `The marker augmenter is not installed on this server; the built-in model ${BUILTIN_MODEL_NAME} was used.`,
    ]);
  const warnings =
    version === wanted ? [] : [`Marker augmenter ${wanted} is not available; ${version} was used.`];
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
  return {
    modelName: requested,
    generic,
    augmenter: loadAugmenter(dir, version),
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

/** Loads the augmenter a scaled model needs for a dynamic trial (same files as its neutral). */
export function augmenterFor(model: Model): {
  augmenter: Augmenter;
  ikWeights: Record<string, number>;
  coordinateTargets: TaskSet['coordinateTargets'];
} | null {
  if (!usesAugmenter(model)) return null;
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
    augmenter: loadAugmenter(dir, version),
    ikWeights: ik.markerWeights,
    coordinateTargets: ik.coordinateTargets,
  };
}

/** Marker data for scaling or IK: augmenter outputs when the model needs them, else the keypoints. */
export async function markersForModel(
  keypoints: MarkerTrajectories,
  augmenter: Augmenter | null,
  subject: JobSpec['subject'],
): Promise<MarkerTrajectories> {
  if (!augmenter) return keypoints;
  return runAugmenter(augmenter, keypoints, { heightM: subject.height_m, massKg: subject.weight_kg });
}
