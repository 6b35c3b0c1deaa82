import { parentPort, workerData } from 'node:worker_threads';
import { workerLoop } from './loop';
import { createProcessors } from './processors';
import { ThreadJobHost } from './thread-host';
import type { MainToThread, ThreadData, ThreadToMain } from './thread-protocol';

// One embedded worker: claims jobs through the main thread and runs them here, off the HTTP event loop.
if (!parentPort) throw new Error('thread-entry must run in a worker thread');
const port = parentPort;
const data = workerData as ThreadData;
const host = new ThreadJobHost(port);
const stop = new AbortController();
port.on('message', (msg: MainToThread) => {
  if (msg.type === 'stop') stop.abort();
});
const log = (message: string, extra?: Record<string, unknown>) =>
  port.postMessage({ type: 'log', level: 'info', message, extra } satisfies ThreadToMain);

port.postMessage({ type: 'ready' } satisfies ThreadToMain);
await workerLoop(host, createProcessors(), {
  workerId: data.workerId,
  idleMs: data.idleMs,
  wake: () => host.wake(),
  signal: stop.signal,
  log,
});
port.close();
