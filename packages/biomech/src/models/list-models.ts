/**
 * File adapter: the OpenSim models and augmenters PoseLab can run. LaiUhlrich2022 and LaiUhlrich2022_shoulder
 * with their setups and the marker augmenter v0.3 ship with PoseLab (models/opencap, OpenCap's files, see its
 * NOTICE); a models folder (the server's MODELS_DIR) adds models; the built-in model is the fallback.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listAugmenters } from '../augmenter/run-augmenter';
import { BUILTIN_MODEL_NAME } from '../builtin/build-builtin-model';
import { BUILTIN_MODEL_URL } from '../builtin/load-builtin';
import { readOsim } from '../osim/read-osim';
import type { Model } from '../model/types';

/** The folder of the shipped OpenCap models, setups and augmenter (same layout as a MODELS_DIR). */
export const SHIPPED_MODELS_DIR = fileURLToPath(new URL('../../models/opencap', import.meta.url));

/** SPEC §9: the OpenSim model and augmenter a session uses unless it chooses otherwise. */
export const DEFAULT_OPENSIM_MODEL = 'LaiUhlrich2022_shoulder';
export const DEFAULT_AUGMENTER = 'v0.3';
/** SPEC §9's augmenter choices; only those whose files are present can run (listModels().augmenters). */
export const AUGMENTER_CHOICES = ['v0.3', 'v0.2'] as const;

export interface ModelEntry {
  /** Value for the session's OpenSim model setting: the file name without .osim. */
  id: string;
  /** Absolute path of the .osim file. */
  path: string;
  /** The built-in model (markers = keypoints, no augmenter): the fallback. */
  builtin: boolean;
  /** Shipped with PoseLab (models/opencap) rather than found in the models folder. */
  shipped: boolean;
  /** Folder holding the model's setup/ files (its own folder when it has one, else the shipped one). */
  setupDir: string | null;
}

export interface ModelCatalogue {
  models: ModelEntry[];
  /** Augmenter versions whose files are present (empty: IK runs on keypoints). */
  augmenters: string[];
  /** Folder of each present augmenter version. */
  augmenterDirs: Record<string, string>;
}

function modelsIn(folder: string, shipped: boolean): ModelEntry[] {
  if (!existsSync(folder)) return [];
  const setupDir = existsSync(join(folder, 'setup')) ? folder : SHIPPED_MODELS_DIR;
  return readdirSync(folder)
    .sort()
    .filter((f) => f.toLowerCase().endsWith('.osim'))
    .map((f) => ({ id: basename(f, '.osim'), path: join(folder, f), builtin: false, shipped, setupDir }));
}

/**
 * The shipped models first (in file-name order), then every `*.osim` of `folder` whose id is not taken, then
 * the built-in model. Augmenters: the shipped v0.3, and any version the folder adds.
 */
export function listModels(folder?: string): ModelCatalogue {
  const models: ModelEntry[] = modelsIn(SHIPPED_MODELS_DIR, true);
  const extra = folder ? modelsIn(folder, false) : [];
  for (const m of extra) if (!models.some((x) => x.id === m.id)) models.push(m);
  models.push({
    id: BUILTIN_MODEL_NAME,
    path: fileURLToPath(BUILTIN_MODEL_URL),
    builtin: true,
    shipped: true,
    setupDir: null,
  });
  const augmenterDirs: Record<string, string> = {};
  for (const dir of [SHIPPED_MODELS_DIR, ...(folder && existsSync(folder) ? [folder] : [])])
    for (const v of listAugmenters(dir)) augmenterDirs[v] ??= dir;
  return { models, augmenters: Object.keys(augmenterDirs), augmenterDirs };
}

/** Reads one catalogue entry by id. */
export function loadModel(catalogue: ModelCatalogue, id: string): Model {
  const entry = catalogue.models.find((m) => m.id === id);
  if (!entry)
    throw new Error(
      `Unknown OpenSim model '${id}' (available: ${catalogue.models.map((m) => m.id).join(', ')})`,
    );
  return readOsim(readFileSync(entry.path, 'utf8'));
}
