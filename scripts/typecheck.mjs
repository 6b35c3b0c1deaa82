// Type-checks every workspace with its own tsconfig (strict, no emit).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const workspaces = [
  'packages/contract',
  'packages/biomech',
  'packages/pipeline',
  'packages/analysis',
  'apps/server',
  'apps/worker',
  'apps/web',
  'e2e',
  'bench',
];
let failed = 0;
for (const ws of workspaces) {
  if (!existsSync(`${ws}/tsconfig.json`)) continue;
  const r = spawnSync('node_modules/.bin/tsc', ['-p', `${ws}/tsconfig.json`], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`typecheck failed in ${ws}`);
  }
}
process.exit(failed ? 1 : 0);
