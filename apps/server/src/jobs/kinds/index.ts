import type { JobKind } from '@poselab/contract';
import type { JobKindHandler } from './job-kind';
import { reportJobs } from './report-jobs';
import { trialJobs } from './trial-jobs';
import { archiveJobs } from './archive-jobs';
import { analysisJobs } from './analysis-jobs';

/**
 * The server's handler of each job kind. A kind without a handler cannot be queued or claimed. Feature
 * modules add theirs here (analysis, report, archive).
 */
export const jobKindHandlers: Partial<Record<JobKind, JobKindHandler>> = {
  calibration: trialJobs,
  neutral: trialJobs,
  dynamic: trialJobs,
  archive: archiveJobs,
  report: reportJobs,
  analysis: analysisJobs,
};

/** The kinds this server can run jobs of. */
export function handledJobKinds(): JobKind[] {
  return Object.keys(jobKindHandlers) as JobKind[];
}

export function jobKindHandler(kind: string): JobKindHandler {
  const handler = jobKindHandlers[kind as JobKind];
  if (!handler) throw new Error(`No handler for job kind '${kind}'`);
  return handler;
}

export * from './job-kind';
