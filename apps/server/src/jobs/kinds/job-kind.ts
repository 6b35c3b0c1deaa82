import type { Readable } from 'node:stream';
import type { AnyJobSpec } from '@poselab/contract';
import type { AppDeps } from '../../deps';
import type { JobRow } from '../../repositories/job.repository';

/** Words shown when every attempt of a job ended with its worker gone silent (the queue's sweep). */
export const WORKER_LOST_MESSAGE =
  'Processing stopped unexpectedly several times. Consider recording this trial again.';

/** One result a worker sends up: a file (streamed or buffered) or, with body null, a record with meta only. */
export interface JobOutput {
  tag: string;
  deviceId: string | null;
  meta: Record<string, unknown>;
  fileName: string | null;
  body: Readable | Buffer | null;
}

/** A stored file that a job's worker may read. */
export interface JobInputFile {
  storageKey: string;
  fileName: string;
}

export interface JobProgress {
  percent?: number | null;
  message?: string | null;
}

/**
 * What the server does for one kind of job. The queue (claim, leases, heartbeats, retries, lease expiry) is
 * the same for every kind; a handler says what the job is about: what the worker gets, which stored files it
 * may read, where its results go, and what its subject (trial, report, archive …) shows while it runs, when
 * it is done and when it failed. Register handlers in kinds/index.ts.
 */
export interface JobKindHandler {
  /** The spec a worker gets at claim; throw JobInputError (user words) when the job cannot run at all. */
  buildSpec(deps: AppDeps, job: JobRow): Promise<AnyJobSpec>;
  /** Runs once a worker holds the job, before the spec is handed out (e.g. clear an earlier run's results). */
  onClaimed?(deps: AppDeps, job: JobRow): Promise<void>;
  /** Progress reported by the worker's heartbeat (already stored on the job row). */
  onProgress?(deps: AppDeps, job: JobRow, progress: JobProgress): Promise<void>;
  /**
   * The stored file behind an input id of this job ('video:<id>' and 'result:<id>' for trial processing; a
   * kind's own ids otherwise), or null when the job may not read it. Checked on every read.
   */
  resolveInput(deps: AppDeps, job: JobRow, inputId: string): Promise<JobInputFile | null>;
  /** Stores one result of a held job; returns the id of what was stored. */
  storeOutput(deps: AppDeps, job: JobRow, output: JobOutput): Promise<{ id: string }>;
  /** The worker finished: record the outcome. */
  onCompleted(
    deps: AppDeps,
    job: JobRow,
    body: { message?: string; trial_meta?: Record<string, unknown> },
  ): Promise<void>;
  /** The job failed for good (input error, attempts used up, or inputs unusable at claim). */
  onFailed(deps: AppDeps, job: JobRow, userMessage: string): Promise<void>;
  /** The job goes back to the queue (retry after a failure, a lost worker, a server shutdown). */
  onRequeued?(deps: AppDeps, job: JobRow, note: string): Promise<void>;
}

/** An input problem that no retry can fix: the words go to the user. */
export class JobInputError extends Error {}

/** A job's payload (JSON text in the row) as an object; malformed text gives {}. */
export function jobPayload(job: JobRow): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(job.payload);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The fields every spec carries, from the job row. */
export function specCommon(job: JobRow, leaseSeconds: number) {
  return {
    job_id: job.id,
    attempt: job.attempts,
    max_attempts: job.max_attempts,
    lease_seconds: leaseSeconds,
  };
}
