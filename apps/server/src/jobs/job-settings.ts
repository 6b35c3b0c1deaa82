import { EventEmitter } from 'node:events';
import type { JobKind } from '@poselab/contract';

/**
 * Queue timing. JOB_LEASE_SECONDS (default 60): how long a claimed job stays with a silent worker before
 * another worker may take it; workers heartbeat every third of it. JOB_MAX_ATTEMPTS (default 3).
 */
export function jobSettings(env: NodeJS.ProcessEnv = process.env): {
  leaseSeconds: number;
  maxAttempts: number;
  retryDelaySeconds: number;
} {
  const lease = Number(env.JOB_LEASE_SECONDS ?? 60);
  const attempts = Number(env.JOB_MAX_ATTEMPTS ?? 3);
  if (!Number.isFinite(lease) || lease < 2) throw new Error('JOB_LEASE_SECONDS must be a number ≥ 2');
  if (!Number.isInteger(attempts) || attempts < 1)
    throw new Error('JOB_MAX_ATTEMPTS must be a positive integer');
  return { leaseSeconds: lease, maxAttempts: attempts, retryDelaySeconds: 5 };
}

/** The job kind of a trial: the names calibration and neutral are special (SPEC §3). */
export function jobKindOfTrial(trialName: string): JobKind {
  if (trialName === 'calibration') return 'calibration';
  if (trialName === 'neutral') return 'neutral';
  return 'dynamic';
}

/** In-process signal so embedded workers claim a new job at once instead of waiting for their next poll. */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(100);
