import type { Readable } from 'node:stream';
import type { AnyJobSpec, JobKind } from '@poselab/contract';

/**
 * A result to store: a file (path on this machine), a stream (outputs too large to write down first, such as
 * archives), or, with neither, a record with meta only.
 */
export interface ResultUpload {
  tag: string;
  deviceId: string | null;
  meta: Record<string, unknown>;
  fileName: string | null;
  filePath: string | null;
  stream?: Readable;
}

export interface Progress {
  percent?: number | null;
  message?: string | null;
}

/**
 * What a job runner needs from the server. Remote workers speak HTTP (http-host.ts); embedded workers speak
 * thread messages to the server's main thread (thread-host.ts). Both end in the same server service.
 */
export interface JobHost {
  /** The next job of one of `kinds` (those this worker has processors for), or null. */
  claim(workerId: string, kinds: readonly JobKind[]): Promise<AnyJobSpec | null>;
  /** Extends the lease; throws LeaseLostError when the job is no longer ours (expired, cancelled). */
  heartbeat(jobId: string, workerId: string, progress: Progress): Promise<void>;
  downloadVideo(jobId: string, videoId: string, destPath: string): Promise<void>;
  downloadResult(jobId: string, resultId: string, destPath: string): Promise<void>;
  /** A stream of one of the job's inputs (spec.inputs[].id). */
  openInput(jobId: string, inputId: string): Promise<Readable>;
  putResult(jobId: string, workerId: string, result: ResultUpload): Promise<void>;
  complete(
    jobId: string,
    workerId: string,
    body: { message?: string; trial_meta?: Record<string, unknown> },
  ): Promise<void>;
  fail(
    jobId: string,
    workerId: string,
    body: { user_message: string; detail?: string; retryable: boolean },
  ): Promise<void>;
}

/** The server no longer leases this job to us: stop without reporting. */
export class LeaseLostError extends Error {
  constructor(message = 'The job is no longer leased to this worker.') {
    super(message);
    this.name = 'LeaseLostError';
  }
}

/** A protocol answer other than success (status 0: the server could not be reached). */
export class HostError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/**
 * A failure whose cause is the recording itself (board not found in camera 2, subject not visible …):
 * `userMessage` is shown to the user as the trial's error and the job is not retried.
 */
export class ProcessingError extends Error {
  constructor(
    readonly userMessage: string,
    readonly detail?: string,
  ) {
    super(detail ? `${userMessage} (${detail})` : userMessage);
    this.name = 'ProcessingError';
  }
}
