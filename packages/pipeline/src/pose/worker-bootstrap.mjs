// Worker entry in plain JavaScript: registers tsx so that the TypeScript worker module can be imported the same
// way under tsx, vitest and plain node (the pipeline ships TypeScript sources without a build step).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entryUrl);
