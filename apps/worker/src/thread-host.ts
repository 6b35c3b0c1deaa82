import type { MessagePort } from 'node:worker_threads';
import type { JobSpec } from '@poselab/contract';
import { HostError, LeaseLostError, type JobHost, type Progress, type ResultUpload } from './host';
import type { HostMethod, MainToThread, ThreadToMain } from './thread-protocol';

/**
 * JobHost for an embedded worker thread: each call is a message to the server's main thread, which answers
 * with the same service the HTTP worker routes use. Files move through the shared file system.
 */
export class ThreadJobHost implements JobHost {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private wakeWaiters: Array<() => void> = [];
  private wakePromise: Promise<void> | null = null;

  constructor(private readonly port: MessagePort) {
    port.on('message', (msg: MainToThread) => {
      if (msg.type === 'wake') {
        const waiters = this.wakeWaiters;
        this.wakeWaiters = [];
        this.wakePromise = null;
        for (const w of waiters) w();
        return;
      }
      if (msg.type !== 'reply') return;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.value);
      else
        p.reject(
          msg.status === 409 ? new LeaseLostError(msg.message) : new HostError(msg.status, msg.message),
        );
    });
  }

  /** Resolves when the main thread says a job was queued (one shared promise per wait). */
  wake(): Promise<void> {
    this.wakePromise ??= new Promise<void>((resolve) => this.wakeWaiters.push(resolve));
    return this.wakePromise;
  }

  private call<T>(method: HostMethod, ...args: unknown[]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.port.postMessage({ type: 'call', id, method, args } satisfies ThreadToMain);
    });
  }

  claim(workerId: string): Promise<JobSpec | null> {
    return this.call('claim', workerId);
  }
  heartbeat(jobId: string, workerId: string, progress: Progress): Promise<void> {
    return this.call('heartbeat', jobId, workerId, progress);
  }
  downloadVideo(jobId: string, videoId: string, destPath: string): Promise<void> {
    return this.call('downloadVideo', jobId, videoId, destPath);
  }
  downloadResult(jobId: string, resultId: string, destPath: string): Promise<void> {
    return this.call('downloadResult', jobId, resultId, destPath);
  }
  putResult(jobId: string, workerId: string, result: ResultUpload): Promise<void> {
    return this.call('putResult', jobId, workerId, result);
  }
  complete(
    jobId: string,
    workerId: string,
    body: { message?: string; trial_meta?: Record<string, unknown> },
  ): Promise<void> {
    return this.call('complete', jobId, workerId, body);
  }
  fail(
    jobId: string,
    workerId: string,
    body: { user_message: string; detail?: string; retryable: boolean },
  ): Promise<void> {
    return this.call('fail', jobId, workerId, body);
  }
}
