/**
 * A pool of pose worker threads (adapter module: owns threads, files and ffmpeg processes).
 * Each worker holds one BlazePose instance; jobs are queued and given to the next idle worker.
 */
import { Worker } from 'node:worker_threads';
import type { PoseFrameResult, PoseJob, WorkerRequest, WorkerResponse } from './worker-protocol';

interface Pending {
  job: PoseJob;
  onProgress?: (done: number) => void;
  resolve: (r: PoseFrameResult[]) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Pending | null;
}

export interface PoseWorkerPool {
  readonly size: number;
  run(job: Omit<PoseJob, 'jobId'>, onProgress?: (done: number) => void): Promise<PoseFrameResult[]>;
  close(): Promise<void>;
}

const bootstrapUrl = new URL('./worker-bootstrap.mjs', import.meta.url);
const entryUrl = new URL('./pose-worker.ts', import.meta.url).href;

export function createPoseWorkerPool(size = 2): PoseWorkerPool {
  if (!(size >= 1)) throw new Error(`Worker pool size must be at least 1 (got ${size})`);
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = [];

  const dispatch = (): void => {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const p = queue.shift()!;
      slot.busy = p;
      void slot.ready.then(() =>
        slot.worker.postMessage({ type: 'job', job: p.job } satisfies WorkerRequest),
      );
    }
  };

  for (let i = 0; i < size; i++) {
    // execArgv: [] so that a parent's loader flags are not duplicated; the bootstrap registers tsx itself.
    const worker = new Worker(bootstrapUrl, { workerData: { entryUrl }, execArgv: [] });
    let markReady: () => void = () => {};
    const slot: Slot = { worker, ready: new Promise<void>((r) => (markReady = r)), busy: null };
    worker.on('message', (msg: WorkerResponse) => {
      if (msg.type === 'ready') return markReady();
      const p = slot.busy;
      if (!p || msg.jobId !== p.job.jobId) return;
      if (msg.type === 'progress') return p.onProgress?.(msg.done);
      slot.busy = null;
      if (msg.type === 'done') p.resolve(msg.results);
      else p.reject(new Error(`Pose detection failed on ${p.job.file}: ${msg.message}`));
      dispatch();
    });
    // A crashed worker breaks the pool: fail the running and the queued jobs instead of hanging.
    worker.on('error', (err) => {
      const error = err instanceof Error ? err : new Error(String(err));
      closed = true;
      const failed = [slot.busy, ...queue.splice(0)].filter((p): p is Pending => p !== null);
      slot.busy = null;
      for (const p of failed) p.reject(new Error(`Pose worker failed: ${error.message}`));
    });
    slots.push(slot);
  }

  return {
    size,
    run(job, onProgress) {
      if (closed) return Promise.reject(new Error('The pose worker pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ job: { ...job, jobId: nextId++ }, onProgress, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
