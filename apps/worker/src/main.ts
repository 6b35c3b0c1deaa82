import { hostname } from 'node:os';
import { parseWorkerArgs } from './args';
import { HttpJobHost } from './http-host';
import { workerLoop } from './loop';
import { createProcessors } from './processors';

// Remote worker: `npm run worker -- --server URL --token T [--concurrency N]`. Claims jobs over HTTP with a
// worker token, downloads videos, runs the pipeline here and posts results back.
let args;
try {
  args = parseWorkerArgs(process.argv.slice(2));
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const host = new HttpJobHost(args.server, args.token);
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
process.once('SIGTERM', () => stop.abort());
const log = (message: string, extra?: Record<string, unknown>) =>
  console.log(`${new Date().toISOString()} ${message}${extra ? ` ${JSON.stringify(extra)}` : ''}`);
log(`PoseLab worker for ${args.server} with ${args.concurrency} job slot(s)`);
await Promise.all(
  Array.from({ length: args.concurrency }, (_, i) =>
    workerLoop(host, createProcessors(), {
      workerId: `remote:${hostname()}:${process.pid}:${i}`,
      signal: stop.signal,
      log,
    }),
  ),
);
