/** Locates ../shared/data beside the checkout (tests skip with a message where it is absent). */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBuiltinModel, readMot, readOsim, type Model, type Motion } from '@poselab/biomech';

export const SHARED_DATA = resolve(fileURLToPath(new URL('../../../../../shared/data', import.meta.url)));
export const HAS_SHARED_DATA = existsSync(resolve(SHARED_DATA, 'opencap-motions'));

export function sharedMotion(file: string): Motion {
  return readMot(readFileSync(resolve(SHARED_DATA, file), 'utf8'));
}

export function laiUhlrichModel(): Model {
  return readOsim(readFileSync(resolve(SHARED_DATA, 'opencap-models/LaiUhlrich2022.osim'), 'utf8'));
}

export const MODELS: [string, () => Model][] = [
  ['LaiUhlrich2022', laiUhlrichModel],
  ['built-in', loadBuiltinModel],
];
