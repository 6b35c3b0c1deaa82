import { IMPORT_CHUNK_BYTES } from '@poselab/contract';

/**
 * Sends one file through the resumable upload protocol the phones use (issue #28): chunks of 8 MiB appended
 * at the offset where the server's stored bytes end. Only one chunk is read from the file at a time, so a
 * file of several GB never sits in memory. A failed request (network lost, server restarted) asks the server
 * where its bytes end and goes on from there after a pause that grows up to 30 s, or at once when the browser
 * is back online; a refusal (4xx other than 409) stops with the server's message. Pause and resume are the
 * user's.
 */

export interface UploadTransport {
  /** PUT a chunk at `offset`; resolves with the stored size, rejects with an UploadHttpError or a network error. */
  put(uploadId: string, offset: number, chunk: Blob, signal: AbortSignal): Promise<number>;
  /** Where the stored bytes end. */
  status(uploadId: string): Promise<number>;
  complete(uploadId: string): Promise<{ queued: boolean }>;
}

export class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type UploadState = 'uploading' | 'paused' | 'waitingForNetwork' | 'done' | 'failed';

export interface UploadProgress {
  sent: number;
  total: number;
  state: UploadState;
  error?: string;
}

const MAX_BACKOFF_MS = 30_000;

export class FileUploader {
  private paused = false;
  private abort: AbortController | null = null;
  private wake: (() => void) | null = null;
  private sent: number;
  private state: UploadState = 'uploading';

  constructor(
    private readonly file: Blob,
    private readonly uploadId: string,
    receivedBytes: number,
    private readonly transport: UploadTransport,
    private readonly onProgress: (p: UploadProgress) => void,
    private readonly chunkBytes = IMPORT_CHUNK_BYTES,
  ) {
    this.sent = receivedBytes;
  }

  private report(state: UploadState, error?: string) {
    this.state = state;
    this.onProgress({ sent: this.sent, total: this.file.size, state, ...(error ? { error } : {}) });
  }

  pause(): void {
    if (this.state === 'done' || this.state === 'failed') return;
    this.paused = true;
    this.abort?.abort();
    this.report('paused');
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.report('uploading');
    this.wakeUp();
  }

  /** The network is back (the browser's 'online' event): retry now instead of at the end of the pause. */
  wakeUp(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async waitWhilePaused(): Promise<void> {
    while (this.paused) await this.sleep(60_000);
  }

  /** Runs until the file is complete on the server (resolves with whether its trial was queued) or refused. */
  async run(): Promise<{ queued: boolean }> {
    let backoff = 1000;
    this.report('uploading');
    for (;;) {
      await this.waitWhilePaused();
      try {
        if (this.sent < this.file.size) {
          const end = Math.min(this.file.size, this.sent + this.chunkBytes);
          this.abort = new AbortController();
          this.sent = await this.transport.put(
            this.uploadId,
            this.sent,
            this.file.slice(this.sent, end),
            this.abort.signal,
          );
          this.abort = null;
          backoff = 1000;
          this.report('uploading');
          continue;
        }
        const done = await this.transport.complete(this.uploadId);
        this.report('done');
        return done;
      } catch (err) {
        this.abort = null;
        if (err instanceof UploadHttpError && err.status !== 409 && err.status < 500) {
          this.report('failed', err.message);
          throw err;
        }
        if (this.paused) continue;
        // Lost network, a server restart or another writer (409): ask where the stored bytes end.
        this.report('waitingForNetwork');
        await this.sleep(backoff);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        try {
          this.sent = await this.transport.status(this.uploadId);
          this.report('uploading');
        } catch (statusErr) {
          if (statusErr instanceof UploadHttpError && statusErr.status < 500 && statusErr.status !== 409) {
            this.report('failed', statusErr.message);
            throw statusErr;
          }
        }
      }
    }
  }
}
