/**
 * bench:report (issue #17 acceptance 4): a 4-trial gait comparison report through the worker's report
 * processor — the analysis results read from input streams and checked against the contract, the PDF written
 * to a file — as a job runs it, minus the network. Prints each run and ends with one JSON line
 * {"reportMs", "pdfBytes"}: the median time of 5 runs after one warm-up, and the PDF's size.
 * Targets: under 3 s and under 2 MB.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AnalysisResult, ReportJobSpec } from '@poselab/contract';
import { processReport, type JobContext } from '@poselab/worker';
import { gaitResultFixture } from '@poselab/worker/report-fixtures';

const TRIALS = 4;
const results: AnalysisResult[] = Array.from({ length: TRIALS }, (_v, i) =>
  gaitResultFixture({ speed: 1.05 + 0.1 * i, seed: i }),
);
const spec: ReportJobSpec = {
  kind: 'report',
  job_id: 'bench',
  attempt: 1,
  max_attempts: 1,
  lease_seconds: 60,
  trial_id: null,
  inputs: results.map((_r, i) => ({ id: `result:${i}`, role: 'analysis_result', name: `${i}.json` })),
  payload: {
    report_id: 'bench',
    function_id: 'gait',
    function_title: 'Gait',
    language: 'en',
    requested_at: new Date().toISOString(),
    author: 'Benchmark',
    trials: results.map((_r, i) => ({
      trial_id: `trial-${i}`,
      name: `walk_${i + 1}`,
      session_id: 'session',
      session_name: 'bench',
      subject_name: 'Subject',
      recorded_at: new Date().toISOString(),
      input_id: `result:${i}`,
    })),
  },
};
const inputs = results.map((r) => Buffer.from(JSON.stringify(r)));

async function once(): Promise<{ ms: number; bytes: number }> {
  const workDir = mkdtempSync(join(tmpdir(), 'poselab-bench-report-'));
  let bytes = 0;
  const ctx = {
    spec,
    workDir,
    videoPaths: new Map(),
    scaledModelPath: null,
    openInput: async (id: string) => Readable.from([inputs[Number(id.split(':')[1])]]),
    downloadInput: async () => {
      throw new Error('not used');
    },
    progress: () => {},
    step: async <T>(_n: string, _p: number, _m: string, fn: () => Promise<T> | T) => fn(),
    putResult: async (r: { filePath: string | null }) => {
      bytes = statSync(r.filePath!).size;
    },
    checkCancelled: () => {},
    log: () => {},
  } as unknown as JobContext<ReportJobSpec>;
  const t0 = performance.now();
  await processReport(ctx);
  const ms = performance.now() - t0;
  rmSync(workDir, { recursive: true, force: true });
  return { ms, bytes };
}

await once(); // warm-up: module and font loading
const runs: { ms: number; bytes: number }[] = [];
for (let i = 0; i < 5; i++) {
  const r = await once();
  runs.push(r);
  console.log(`run ${i + 1}: ${r.ms.toFixed(0)} ms, ${r.bytes} bytes`);
}
const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
const reportMs = Math.round(sorted[Math.floor(sorted.length / 2)]);
const pdfBytes = runs[0].bytes;
console.log(
  `${TRIALS}-trial gait report: median ${reportMs} ms (target < 3000), ${(pdfBytes / 1024).toFixed(0)} KiB (target < 2048)`,
);
console.log(JSON.stringify({ reportMs, pdfBytes }));
