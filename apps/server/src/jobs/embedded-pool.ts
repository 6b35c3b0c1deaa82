import { createReadStream, createWriteStream } from 'node:fs';
import { hostname } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { MessageChannel, MessagePort, Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '@poselab/contract';
import { pumpToPort, readableFromPort } from '@poselab/worker';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/http-error';
import { JobRepository } from '../repositories/job.repository';
import { WorkerProtocolService } from '../services/worker-protocol.service';
import { jobSignals } from './job-settings';
import { jobKindHandler } from './kinds';

/** Mirrors apps/worker/src/thread-protocol.ts (the server does not import the worker's code). */
type ThreadToMain =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; extra?: Record<string, unknown> }
  | { type: 'ready' };

const workerDir = new URL('../../../worker/src/', import.meta.url);

export interface EmbeddedPoolOptions {
  size: number;
  /** Module the threads run (default: the worker app's thread-entry.ts); tests pass their own. */
  entryUrl?: string;
  idleMs?: number;
}

export interface EmbeddedPool {
  readonly threads: Worker[];
  /** Terminates one thread as a crash would (tests of lease expiry); the pool starts a replacement. */
  crashOne(index?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded worker pool: `size` worker threads run jobs off the HTTP event loop and talk to this thread by
 * messages, which call the same WorkerProtocolService as the HTTP worker routes. A thread that dies is
 * replaced; its job's lease runs out and the job is claimed again.
 */
export function startEmbeddedPool(
  deps: AppDeps,
  log: FastifyBaseLogger,
  opts: EmbeddedPoolOptions,
): EmbeddedPool {
  const service = new WorkerProtocolService(deps, log);
  const entryUrl = opts.entryUrl ?? new URL('thread-entry.ts', workerDir).href;
  const threads: Worker[] = [];
  const workerIds: string[] = [];
  let stopping = false;
  let generation = 0;

  const handlers: Record<string, (...args: never[]) => Promise<unknown>> = {
    claim: (workerId: string, kinds: JobKind[]) => service.claim(workerId, kinds),
    heartbeat: (jobId: string, workerId: string, progress: { percent?: number; message?: string }) =>
      service.heartbeat(jobId, workerId, progress),
    downloadVideo: async (jobId: string, videoId: string, dest: string) => {
      const file = await service.openVideo(jobId, videoId);
      await pipeline(file.stream, createWriteStream(dest));
    },
    downloadResult: async (jobId: string, resultId: string, dest: string) => {
      const file = await service.openResult(jobId, resultId);
      await pipeline(file.stream, createWriteStream(dest));
    },
    // Inputs and streamed results travel as bytes through a port of their own (see port-stream.ts).
    openInput: async (jobId: string, inputId: string) => {
      const file = await service.openInput(jobId, inputId);
      const channel = new MessageChannel();
      void pumpToPort(file.stream, channel.port1);
      return channel.port2;
    },
    putResult: (
      jobId: string,
      workerId: string,
      r: {
        tag: string;
        deviceId: string | null;
        meta: Record<string, unknown>;
        fileName: string | null;
        filePath: string | null;
      },
      streamPort?: MessagePort,
    ) =>
      service.putResult(jobId, workerId, {
        tag: r.tag,
        deviceId: r.deviceId,
        meta: r.meta,
        fileName: r.fileName,
        body: streamPort ? readableFromPort(streamPort) : r.filePath ? createReadStream(r.filePath) : null,
      }),
    complete: (
      jobId: string,
      workerId: string,
      body: { message?: string; trial_meta?: Record<string, unknown> },
    ) => service.complete(jobId, workerId, body),
    fail: (
      jobId: string,
      workerId: string,
      body: { user_message: string; detail?: string; retryable: boolean },
    ) => service.fail(jobId, workerId, body),
  };

  const spawn = (slot: number): void => {
    const workerId = `embedded:${hostname()}:${process.pid}:${slot}:${++generation}`;
    const worker = new Worker(new URL('thread-bootstrap.mjs', workerDir), {
      workerData: { entryUrl, workerId, idleMs: opts.idleMs ?? 2000 },
      execArgv: [],
      // The pipeline finds OpenSim models and the marker augmenter in MODELS_DIR (config default: DATA_DIR/models).
      env: { ...process.env, MODELS_DIR: deps.config.modelsDir },
    });
    threads[slot] = worker;
    workerIds[slot] = workerId;
    worker.on('message', (msg: ThreadToMain) => {
      if (msg.type === 'log') {
        log[msg.level]({ workerId, ...msg.extra }, msg.message);
        return;
      }
      if (msg.type !== 'call') return;
      const handler = handlers[msg.method];
      const run = handler
        ? (handler as (...a: unknown[]) => Promise<unknown>)(...msg.args)
        : Promise.reject(new Error(`unknown method ${msg.method}`));
      run.then(
        (value) =>
          worker.postMessage(
            { type: 'reply', id: msg.id, ok: true, value: value ?? null },
            value instanceof MessagePort ? [value] : [],
          ),
        (err: unknown) => {
          const status = err instanceof HttpError ? err.statusCode : 500;
          if (status >= 500) log.error({ err, workerId, method: msg.method }, 'embedded worker call failed');
          worker.postMessage({
            type: 'reply',
            id: msg.id,
            ok: false,
            status,
            message: (err as Error).message,
          });
        },
      );
    });
    worker.on('error', (err) => log.error({ err, workerId }, 'embedded worker thread crashed'));
    worker.on('exit', (code) => {
      if (stopping) return;
      log.warn({ workerId, code }, 'embedded worker thread exited; starting a new one');
      setTimeout(() => !stopping && spawn(slot), 500);
    });
  };

  const wake = () => {
    for (const t of threads) t?.postMessage({ type: 'wake' });
  };
  jobSignals.on('queued', wake);
  for (let i = 0; i < opts.size; i++) spawn(i);
  log.info(`embedded worker pool started with ${opts.size} thread(s)`);

  return {
    threads,
    async crashOne(index = 0) {
      await threads[index]?.terminate();
    },
    async stop() {
      stopping = true;
      jobSignals.off('queued', wake);
      await Promise.all(threads.map((t) => t.terminate()));
      // Jobs cut short by the shutdown go back to the queue at once instead of waiting for their lease.
      const now = deps.clock.now().toISOString();
      const released = await new JobRepository(deps.db, deps.dialect).release(workerIds, now);
      for (const job of released)
        await jobKindHandler(job.kind).onRequeued?.(
          deps,
          job,
          'Processing was interrupted by a server restart and will start again.',
        );
    },
  };
}
