import type { Readable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { AnyJobSpec, JobKind } from '@poselab/contract';
import { HostError, LeaseLostError, type JobHost, type Progress, type ResultUpload } from './host';
import { pumpToPort, readableFromPort } from './port-stream';
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
    return this.callTransferring(method, args, []);
  }

  private callTransferring<T>(method: HostMethod, args: unknown[], transfer: MessagePort[]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.port.postMessage({ type: 'call', id, method, args } satisfies ThreadToMain, transfer);
    });
  }

  claim(workerId: string, kinds: readonly JobKind[]): Promise<AnyJobSpec | null> {
    return this.call('claim', workerId, kinds);
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
  /** The main thread answers with a port that streams the input's bytes. */
  async openInput(jobId: string, inputId: string): Promise<Readable> {
    const port = await this.call<MessagePort>('openInput', jobId, inputId);
    return readableFromPort(port);
  }

  putResult(jobId: string, workerId: string, result: ResultUpload): Promise<void> {
    const { stream, ...rest } = result;
    if (!stream) return this.call('putResult', jobId, workerId, rest);
    // A streamed result's bytes follow through a port of their own while the main thread stores them.
    const channel = new MessageChannel();
    const stored = this.callTransferring<void>(
      'putResult',
      [jobId, workerId, rest, channel.port2],
      [channel.port2],
    );
    void pumpToPort(stream, channel.port1);
    return stored;
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
