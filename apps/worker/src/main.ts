import { parseWorkerArgs } from './args';

// Remote worker entry point: `npm run worker -- --server URL --token T`. The job loop itself (claim a job,
// fetch videos, run the pipeline, post results) is built by the processing issue.
try {
  const args = parseWorkerArgs(process.argv.slice(2));
  console.error(`PoseLab worker for ${args.server}: the job runner is not part of this build yet.`);
  process.exit(3);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
