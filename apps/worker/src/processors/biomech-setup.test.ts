import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  KEYPOINT_NAMES,
  listModels,
  loadBuiltinModel,
  markerPositions,
  readOsim,
  scaleModel,
  solveIK,
  writeOsim,
} from '@poselab/biomech';
import { loadBiomechSetup, trialModelFor } from './biomech-setup';
import { usesAugmenter } from '@poselab/pipeline';

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

const previous = process.env.MODELS_DIR;
const restore = () => {
  if (previous === undefined) delete process.env.MODELS_DIR;
  else process.env.MODELS_DIR = previous;
};

describe('model choice on a fresh install (no MODELS_DIR)', () => {
  beforeAll(() => delete process.env.MODELS_DIR);
  afterAll(restore);

  it('runs SPEC §9 defaults, LaiUhlrich2022_shoulder with augmenter v0.3, without a warning', () => {
    const setup = loadBiomechSetup({});
    expect(setup).toMatchObject({
      modelName: 'LaiUhlrich2022_shoulder',
      augmenterVersion: 'v0.3',
      warnings: [],
    });
    expect(setup.augmenter).not.toBeNull();
    expect(usesAugmenter(setup.generic)).toBe(true);
  });

  it('names v0.2 as not installed and runs v0.3', () => {
    const setup = loadBiomechSetup({ openSimModel: 'LaiUhlrich2022', augmenter_model: 'v0.2' });
    expect(setup.modelName).toBe('LaiUhlrich2022');
    expect(setup.augmenterVersion).toBe('v0.3');
    expect(setup.warnings[0]).toMatchObject({
      code: 'augmenter_replaced',
      params: { requested: 'v0.2', used: 'v0.3' },
    });
    expect(setup.warnings[0].message).toMatch(/v0\.2 is not installed on this server.*v0\.3 was used/);
  });

  it('runs the built-in model when it is chosen by name, and falls back to it for an unknown model', () => {
    const builtin = loadBiomechSetup({ openSimModel: 'PoseLab_FullBody' });
    expect(builtin).toMatchObject({ modelName: 'PoseLab_FullBody', augmenter: null, warnings: [] });
    const unknown = loadBiomechSetup({ openSimModel: 'Rajagopal2016' });
    expect(unknown.augmenter).toBeNull();
    expect(unknown.warnings[0]).toMatchObject({
      code: 'model_replaced',
      params: { requested: 'Rajagopal2016', used: 'PoseLab_FullBody' },
    });
    expect(unknown.warnings[0].message).toMatch(/Rajagopal2016 is not installed on this server/);
  });

  it('scales the default model on augmented markers and solves a trial on the .osim read back', async () => {
    const setup = loadBiomechSetup({});
    const subject = { weight_kg: 75, height_m: 1.75, sex: null };
    const markers = await loadBiomechSetup({}, subject).augment!(standingKeypoints());
    expect(markers.names.some((n) => n.endsWith('_study'))).toBe(true);
    const scaled = scaleModel(setup.generic, markers, {
      ...setup.scaleOptions,
      setup: 'upright_standing_pose',
    });
    expect(scaled.markerRmsM).toBeLessThan(0.05);
    const reread = readOsim(writeOsim(scaled.model));
    const again = trialModelFor(reread, subject);
    expect(again.augment).not.toBeNull();
    const ik = solveIK(reread, await again.augment!(standingKeypoints()), again.ik);
    expect(ik.frames).toHaveLength(60);
    expect(Math.max(...ik.markerRms)).toBeLessThan(0.05);
  });
});

describe('MODELS_DIR adds models', () => {
  const dir = mkdtempSync(join(tmpdir(), 'poselab-models-'));
  afterEach(restore);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a model of the folder beside the shipped ones, which keep their files', () => {
    copyFileSync(listModels().models.find((m) => m.id === 'LaiUhlrich2022')!.path, join(dir, 'MyLab.osim'));
    process.env.MODELS_DIR = dir;
    const setup = loadBiomechSetup({ openSimModel: 'MyLab' });
    expect(setup).toMatchObject({ modelName: 'MyLab', augmenterVersion: 'v0.3', warnings: [] });
    expect(loadBiomechSetup({}).modelName).toBe('LaiUhlrich2022_shoulder');
    expect(listModels(dir).models.map((m) => m.id)).toEqual([
      'LaiUhlrich2022',
      'LaiUhlrich2022_shoulder',
      'MyLab',
      'PoseLab_FullBody',
    ]);
  });
});
