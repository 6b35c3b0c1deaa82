// Embedded worker thread entry in plain JavaScript: registers tsx so the TypeScript job runner can be imported
// the same way under tsx, vitest and plain node (no build step).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entryUrl);
