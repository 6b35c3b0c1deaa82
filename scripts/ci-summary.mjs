// Sums vitest JSON reports (and failed non-test steps) into the closing line 'N passed, N failed'.
import { existsSync, readFileSync } from 'node:fs';

const [, , extraFailedArg = '0', ...files] = process.argv;
let passed = 0;
let failed = Number(extraFailedArg) || 0;
let skipped = 0;
for (const file of files) {
  if (!existsSync(file)) {
    console.log(`(no report ${file}: counted as 1 failure)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that failed to load has no failed tests but must still fail the run.
  for (const suite of r.testResults ?? [])
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed'))
      failed += 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
