import { existsSync } from 'node:fs';
import type { Model } from '@poselab/biomech';
import {
  loadKinematicsSetup,
  trialModelFor as pipelineTrialModel,
  type InstalledSetup,
  type TrialModel,
} from '@poselab/pipeline';
import type { JobSpec } from '@poselab/contract';

/**
 * Which musculoskeletal model a trial uses: the session's choice (SPEC §9 defaults LaiUhlrich2022_shoulder and
 * augmenter v0.3, both shipped with PoseLab), from the shipped models or those MODELS_DIR adds. The pipeline
 * reads the files (loadKinematicsSetup, the CLI's too); the steps after that are the pipeline's as well.
 */
export type BiomechSetup = InstalledSetup;

/** The operator's extra models folder, when it exists. */
export function modelsDir(): string | null {
  const dir = process.env.MODELS_DIR;
  return dir && existsSync(dir) ? dir : null;
}

const subjectOf = (subject: JobSpec['subject']) => ({ heightM: subject.height_m, massKg: subject.weight_kg });

export function loadBiomechSetup(settings: JobSpec['settings'], subject?: JobSpec['subject']): BiomechSetup {
  return loadKinematicsSetup(
    {
      openSimModel: settings.openSimModel,
      augmenterModel: settings.augmenter_model,
      scalingSetup: settings.scaling_setup,
    },
    subject ? subjectOf(subject) : undefined,
    modelsDir(),
  );
}

/** How a movement trial is solved on the neutral's scaled model (augmenter markers or keypoints). */
export function trialModelFor(model: Model, subject: JobSpec['subject']): TrialModel {
  return pipelineTrialModel(model, subjectOf(subject), modelsDir());
}
