import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { JobRepository, type JobRow } from '../repositories/job.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { jobKindOfTrial, jobSettings, jobSignals } from './job-settings';
import { jobKindHandler, jobKindHandlers } from './kinds';
import { WORKER_LOST_MESSAGE } from './kinds/job-kind';
import { parseTrialMeta } from './trial-state';

export { markTrialError } from './trial-state';

// Kept in kinds/job-kind.ts, which the job kinds and this queue both import (no import cycle).
export { WORKER_LOST_MESSAGE } from './kinds/job-kind';

/** A retry's note: why the job waits again and which attempt comes next. */
export function retryNote(job: JobRow, why: string): string {
  return `${why} Retrying (attempt ${job.attempts + 1} of ${job.max_attempts}).`;
}

/**
 * Queues a job of any kind with a handler. Returns the job's row. `trialId` ties it to a trial (deleted with
 * it), `userId` to the user it works for; the payload is the kind's own.
 */
export async function enqueueJob(
  deps: AppDeps,
  input: {
    kind: JobKind;
    trialId?: string | null;
    userId?: string | null;
    payload?: Record<string, unknown>;
    maxAttempts?: number;
  },
): Promise<JobRow> {
  if (!jobKindHandlers[input.kind]) throw new Error(`No handler for job kind '${input.kind}'`);
  const now = deps.clock.now().toISOString();
  const row: JobRow = {
    id: randomUUID(),
    kind: input.kind,
    trial_id: input.trialId ?? null,
    user_id: input.userId ?? null,
    payload: JSON.stringify(input.payload ?? {}),
    status: 'queued',
    attempts: 0,
    max_attempts: input.maxAttempts ?? jobSettings().maxAttempts,
    worker_id: null,
    lease_expires_at: null,
    progress_percent: null,
    progress_message: null,
    error: null,
    run_after: now,
    created_at: now,
    updated_at: now,
  };
  await new JobRepository(deps.db, deps.dialect).insert(row);
  jobSignals.emit('queued');
  return row;
}

/**
 * Queues processing of a trial whose videos are all in (called by capture when the last upload lands, and
 * by reprocess). Any queued or running processing job of the same trial is cancelled first: its worker learns
 * it at its next heartbeat and stops. The trial keeps the status its caller set ('stopped' or 'reprocess').
 */
export async function enqueueProcessing(deps: AppDeps, trialId: string): Promise<void> {
  const trials = new TrialRepository(deps.db);
  const trial = await trials.findById(trialId);
  if (!trial) throw new Error(`enqueueProcessing: trial ${trialId} does not exist`);
  const now = deps.clock.now().toISOString();
  await new JobRepository(deps.db, deps.dialect).cancelActiveOfTrial(trialId, now);
  const meta = parseTrialMeta(trial.meta);
  delete meta.error_msg;
  // The figures and warnings of an earlier run do not describe the next one.
  delete meta.quality;
  delete meta.warnings;
  await trials.update(trialId, {
    progress_percent: null,
    progress_message: null,
    meta: JSON.stringify(meta),
    updated_at: now,
  });
  await enqueueJob(deps, { kind: jobKindOfTrial(trial.name), trialId });
}

/**
 * Settles jobs whose worker stopped heart-beating: re-queued while attempts remain, else failed — so a job's
 * subject (trial, report, archive) never stays in progress forever. Returns how many jobs it touched.
 */
export async function sweepExpiredJobs(deps: AppDeps, log?: FastifyBaseLogger): Promise<number> {
  const jobs = new JobRepository(deps.db, deps.dialect);
  const now = deps.clock.now().toISOString();
  let n = 0;
  for (const job of await jobs.expired(now)) {
    const outcome = await jobs.settleExpired(job, now);
    if (!outcome) continue;
    n++;
    log?.warn(
      { jobId: job.id, kind: job.kind, trialId: job.trial_id, worker: job.worker_id, attempt: job.attempts },
      `job lease expired (${outcome})`,
    );
    const handler = jobKindHandler(job.kind);
    if (outcome === 'failed') await handler.onFailed(deps, job, WORKER_LOST_MESSAGE);
    else {
      await handler.onRequeued?.(deps, job, retryNote(job, 'The processing worker stopped responding.'));
      jobSignals.emit('queued');
    }
  }
  return n;
}
