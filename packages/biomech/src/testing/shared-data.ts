/** Locates ../shared/data from the repository root (tests skip when it is absent). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const SHARED_DATA = resolve(fileURLToPath(new URL('../../../../../shared/data', import.meta.url)));
export const HAS_SHARED_DATA = existsSync(SHARED_DATA);
export function sharedDataMessage(): string {
  return `shared test data not found at ${SHARED_DATA}; skipping`;
}
