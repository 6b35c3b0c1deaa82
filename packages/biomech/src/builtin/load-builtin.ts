/** File adapter: the committed built-in model. */
import { readFileSync } from 'node:fs';
import { readOsim } from '../osim/read-osim';
import type { Model } from '../model/types';

export const BUILTIN_MODEL_URL = new URL('../../models/poselab_fullbody.osim', import.meta.url);

/** Reads models/poselab_fullbody.osim (a fresh Model each call, safe to scale or modify). */
export function loadBuiltinModel(): Model {
  return readOsim(readFileSync(BUILTIN_MODEL_URL, 'utf8'));
}
