/**
 * The avatar: Debian's assimp-testmodels `X/BCN_Epileptic.X` (BSD-3-Clause, rigged and skinned, 54 bones),
 * converted to glTF binary with assimp-utils at run time into a cache folder; nothing is committed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const AVATAR_SOURCE = '/usr/share/assimp/models/X/BCN_Epileptic.X';
export const DEFAULT_CACHE_DIR = resolve(import.meta.dirname, '../../.tmp/groundtruth');

export class MissingPackageError extends Error {}

/** Whether the avatar can be made here (the packages are installed). */
export function avatarAvailable(): boolean {
  return existsSync(AVATAR_SOURCE) && spawnSync('assimp', ['version']).status === 0;
}

/** Path of the avatar as .glb in `cacheDir`, converting it on first use. */
export function avatarGlb(cacheDir = DEFAULT_CACHE_DIR): string {
  const out = join(cacheDir, 'bcn-epileptic.glb');
  if (existsSync(out) && statSync(out).size > 0) return out;
  if (!existsSync(AVATAR_SOURCE))
    throw new MissingPackageError(
      `The avatar ${AVATAR_SOURCE} is missing: install the Debian packages assimp-testmodels and assimp-utils (sudo apt-get install assimp-testmodels assimp-utils).`,
    );
  mkdirSync(cacheDir, { recursive: true });
  const r = spawnSync('assimp', ['export', AVATAR_SOURCE, out, '-fglb2'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    throw new MissingPackageError(
      r.error
        ? 'The assimp command is missing: install the Debian package assimp-utils (sudo apt-get install assimp-utils).'
        : `assimp could not convert the avatar: ${r.stderr || r.stdout}`,
    );
  return out;
}
