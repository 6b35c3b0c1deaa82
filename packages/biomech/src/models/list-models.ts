/** File adapter: the OpenSim models and augmenters installed in a models folder, plus the built-in model. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { listAugmenters } from '../augmenter/run-augmenter';
import { BUILTIN_MODEL_NAME } from '../builtin/build-builtin-model';
import { BUILTIN_MODEL_URL } from '../builtin/load-builtin';
import { readOsim } from '../osim/read-osim';
import type { Model } from '../model/types';

export interface ModelEntry {
  /** Value for the session's OpenSim model setting: the file name without .osim. */
  id: string;
  /** Absolute path of the .osim file. */
  path: string;
  builtin: boolean;
}

export interface ModelCatalogue {
  models: ModelEntry[];
  /** Augmenter versions whose files are present (empty: IK runs on keypoints). */
  augmenters: string[];
}

/** Lists the built-in model and every .osim in `folder` (a missing folder lists only the built-in model). */
export function listModels(folder: string | undefined): ModelCatalogue {
  const models: ModelEntry[] = [{ id: BUILTIN_MODEL_NAME, path: BUILTIN_MODEL_URL.pathname, builtin: true }];
  if (!folder || !existsSync(folder)) return { models, augmenters: [] };
  for (const f of readdirSync(folder).sort()) {
    if (f.toLowerCase().endsWith('.osim'))
      models.push({ id: basename(f, '.osim'), path: join(folder, f), builtin: false });
  }
  return { models, augmenters: listAugmenters(folder) };
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
