import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run's shared fixtures (e.g. the demo processed once through fake phones). */
    e2eCacheDir: string;
  }
}

/** Builds the web app once before the browser tests (the server serves apps/web/dist). */
export default function setup(project: TestProject): () => void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('web build failed');
  const cache = mkdtempSync(join(tmpdir(), 'poselab-e2e-run-'));
  project.provide('e2eCacheDir', cache);
  return () => rmSync(cache, { recursive: true, force: true });
}
