import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds the web app once before the browser tests (the server serves apps/web/dist). */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('web build failed');
}
