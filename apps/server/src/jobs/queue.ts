import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { JobRepository, type JobRow } from '../repositories/job.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { jobKindOfTrial, jobSettings, jobSignals } from './job-settings';

/** Words shown when every attempt of a job ended with its worker gone silent. */
export const WORKER_LOST_MESSAGE =
  'Processing stopped unexpectedly several times. Consider recording this trial again.';

function parseMeta(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Queues processing of a trial whose videos are all in (called by capture when the last upload lands, and
 * by reprocess). Any queued or running job of the same trial is cancelled first: its worker learns it at its
 * next heartbeat and stops. The trial keeps the status its caller set ('stopped' or 'reprocess').
 */
export async function enqueueProcessing(deps: AppDeps, trialId: string): Promise<void> {
  const trials = new TrialRepository(deps.db);
  const trial = await trials.findById(trialId);
  if (!trial) throw new Error(`enqueueProcessing: trial ${trialId} does not exist`);
  const jobs = new JobRepository(deps.db, deps.dialect);
  const now = deps.clock.now().toISOString();
  await jobs.cancelActiveOfTrial(trialId, now);
  await jobs.insert({
    id: randomUUID(),
    kind: jobKindOfTrial(trial.name),
    trial_id: trialId,
    status: 'queued',
    attempts: 0,
    max_attempts: jobSettings().maxAttempts,
    worker_id: null,
    lease_expires_at: null,
    progress_percent: null,
    progress_message: null,
    error: null,
    run_after: now,
    created_at: now,
    updated_at: now,
  });
  const meta = parseMeta(trial.meta);
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
  jobSignals.emit('queued');
}

/** Marks the trial of a finally failed job as error with user words (SPEC §8: the trial's meta.error_msg). */
export async function markTrialError(deps: AppDeps, trialId: string, userMessage: string): Promise<void> {
  const trials = new TrialRepository(deps.db);
  const trial = await trials.findById(trialId);
  if (!trial) return;
  const meta = { ...parseMeta(trial.meta), error_msg: userMessage };
  await trials.update(trialId, {
    status: 'error',
    meta: JSON.stringify(meta),
    progress_message: null,
    updated_at: deps.clock.now().toISOString(),
  });
}

/** Puts the trial of a re-queued job back to 'stopped' (SPEC: queued) with a note on the retry. */
async function markTrialRequeued(deps: AppDeps, job: JobRow, note: string): Promise<void> {
  await new TrialRepository(deps.db).update(job.trial_id, {
    status: 'stopped',
    progress_percent: null,
    progress_message: `${note} Retrying (attempt ${job.attempts + 1} of ${job.max_attempts}).`,
    updated_at: deps.clock.now().toISOString(),
  });
}

/**
 * Settles jobs whose worker stopped heart-beating: re-queued while attempts remain, else failed with the
 * trial in error — so a trial never stays 'processing' forever. Returns how many jobs it touched.
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
      { jobId: job.id, trialId: job.trial_id, worker: job.worker_id, attempt: job.attempts },
      `processing job lease expired (${outcome})`,
    );
    if (outcome === 'failed') await markTrialError(deps, job.trial_id, WORKER_LOST_MESSAGE);
    else {
      await markTrialRequeued(deps, job, 'The processing worker stopped responding.');
      jobSignals.emit('queued');
    }
  }
  return n;
}

export { markTrialRequeued };
