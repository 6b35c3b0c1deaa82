import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEYPOINT_NAMES,
  loadBuiltinModel,
  markerPositions,
  readOsim,
  scaleModel,
  solveIK,
  writeOsim,
} from '@poselab/biomech';
import { loadBiomechSetup, markersForModel, trialModelFor, usesAugmenter } from './biomech-setup';

const MODELS = resolve(import.meta.dirname, '../../../../../shared/data/opencap-models');
const hasModels = existsSync(resolve(MODELS, 'LaiUhlrich2022_shoulder.osim'));
if (!hasModels) console.warn(`Skipping augmenter model tests: ${MODELS} is absent.`);

/** One second of a subject standing still: the built-in model's keypoint markers at its default pose. */
function standingKeypoints() {
  const model = loadBuiltinModel();
  const mp = markerPositions(model, { pelvis_ty: 0.95 });
  const names = [...KEYPOINT_NAMES];
  const row = Float64Array.from(names.flatMap((n) => mp[n]));
  return {
    names,
    time: Array.from({ length: 60 }, (_, i) => i / 60),
    frames: Array.from({ length: 60 }, () => Float64Array.from(row)),
  };
}

describe('model choice without OpenCap files', () => {
  const previous = process.env.MODELS_DIR;
  beforeAll(() => delete process.env.MODELS_DIR);
  afterAll(() => {
    if (previous !== undefined) process.env.MODELS_DIR = previous;
  });
  it('falls back to the built-in model and says so', () => {
    const setup = loadBiomechSetup({ openSimModel: 'LaiUhlrich2022' });
    expect(setup.augmenter).toBeNull();
    expect(setup.warnings[0]).toMatchObject({
      code: 'model_replaced',
      params: { requested: 'LaiUhlrich2022', used: 'PoseLab_FullBody' },
    });
    expect(setup.warnings[0].message).toMatch(/LaiUhlrich2022 is not installed on this server/);
    expect(usesAugmenter(setup.generic)).toBe(false);
  });
});

describe.skipIf(!hasModels)('OpenSim model with the marker augmenter (MODELS_DIR)', () => {
  const previous = process.env.MODELS_DIR;
  beforeAll(() => {
    process.env.MODELS_DIR = MODELS;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.MODELS_DIR;
    else process.env.MODELS_DIR = previous;
  });

  it('scales the session model on augmented markers and solves IK with the same files', async () => {
    const setup = loadBiomechSetup({ openSimModel: 'LaiUhlrich2022_shoulder', augmenter_model: 'v0.3' });
    expect(setup).toMatchObject({
      modelName: 'LaiUhlrich2022_shoulder',
      augmenterVersion: 'v0.3',
      warnings: [],
    });
    const subject = { weight_kg: 75, height_m: 1.75, sex: null };
    const markers = await markersForModel(standingKeypoints(), setup.augmenter, subject);
    expect(markers.names.some((n) => n.endsWith('_study'))).toBe(true);
    const scaled = scaleModel(setup.generic, markers, {
      ...setup.scaleOptions,
      setup: 'upright_standing_pose',
    });
    expect(scaled.markerRmsM).toBeLessThan(0.05);
    // The dynamic trial reads the scaled model back from its .osim and finds the augmenter again.
    const reread = readOsim(writeOsim(scaled.model));
    const again = trialModelFor(reread, subject);
    expect(again.augment).not.toBeNull();
    const ik = solveIK(reread, await again.augment!(standingKeypoints()), again.ik);
    expect(ik.frames).toHaveLength(60);
    expect(Math.max(...ik.markerRms)).toBeLessThan(0.05);
  });
});
