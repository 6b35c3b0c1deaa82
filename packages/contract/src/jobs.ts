import { z } from 'zod';
import { endpoint } from './endpoint';
import { jobKind, jobSpec } from './processing';

/**
 * The queue's jobs beyond trial processing (ARCHITECTURE 'Job kinds'): analysis of a processed trial,
 * comparison reports and data archives. They share the queue, leases, heartbeats and retries with trial
 * processing; each kind's payload has its own schema beside its feature (analysis, reports, archives) and is
 * checked by the kind's processor. Their inputs are stored files the worker may read while it holds the
 * job (`inputs`, opened by id through the worker protocol), and their outputs go up as results.
 */
export const jobInput = z.object({
  /** Opaque to the worker: pass it back to open the input. */
  id: z.string(),
  /** What the input is, e.g. 'ik_results', 'opensim_model', 'video:<device>' — set by the kind's handler. */
  role: z.string(),
  /** A file name for the input (no path). */
  name: z.string(),
  size: z.number().nullable().optional(),
});
export type JobInput = z.infer<typeof jobInput>;

const jobCommon = {
  job_id: z.string(),
  attempt: z.number(),
  max_attempts: z.number(),
  lease_seconds: z.number(),
  /** The trial the job belongs to, when it belongs to one (analysis: the analysed trial). */
  trial_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  inputs: z.array(jobInput),
};

export const analysisJobSpec = z.object({ ...jobCommon, kind: z.literal('analysis') });
export const reportJobSpec = z.object({ ...jobCommon, kind: z.literal('report') });
export const archiveJobSpec = z.object({ ...jobCommon, kind: z.literal('archive') });
export type AnalysisJobSpec = z.infer<typeof analysisJobSpec>;
export type ReportJobSpec = z.infer<typeof reportJobSpec>;
export type ArchiveJobSpec = z.infer<typeof archiveJobSpec>;

/** What a worker claims: a trial to process or one of the other kinds. */
export const anyJobSpec = z.discriminatedUnion('kind', [
  jobSpec,
  analysisJobSpec,
  reportJobSpec,
  archiveJobSpec,
]);
export type AnyJobSpec = z.infer<typeof anyJobSpec>;

export const claimJobEndpoint = endpoint({
  method: 'POST',
  path: '/worker/jobs/claim/',
  summary: 'Claim the next queued job (lease) of the kinds this worker runs',
  tag: 'worker',
  auth: 'worker',
  body: z.object({
    worker_id: z.string().min(1).max(200),
    /** The kinds this worker can run (default: the trial kinds, which every worker version runs). */
    kinds: z.array(jobKind).min(1).optional(),
  }),
  response: z.object({ job: anyJobSpec.nullable() }),
});

export const jobInputEndpoint = endpoint({
  method: 'GET',
  path: '/worker/jobs/:id/inputs/:inputId/',
  summary: "Stream one of the job's inputs (see the spec's inputs)",
  tag: 'worker',
  auth: 'worker',
  params: z.object({ id: z.string(), inputId: z.string() }),
});

/**
 * Uploads one result as a raw streamed body (application/octet-stream), for outputs too large to buffer
 * (archives). The result's fields travel in headers: x-worker-id, x-result-tag, x-result-file-name,
 * x-result-device-id (optional) and x-result-meta (base64url of the meta JSON, optional).
 */
export const postResultStreamEndpoint = endpoint({
  method: 'POST',
  path: '/worker/jobs/:id/results/stream/',
  summary: 'Upload one result file of the job as a streamed body',
  tag: 'worker',
  auth: 'worker',
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string() }),
});
