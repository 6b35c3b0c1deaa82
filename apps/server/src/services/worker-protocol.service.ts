import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { TRIAL_JOB_KINDS, type AnyJobSpec, type JobKind } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../http/http-error';
import { JobRepository, type JobRow } from '../repositories/job.repository';
import { jobSettings, jobSignals } from '../jobs/job-settings';
import { handledJobKinds, JobInputError, jobKindHandler, type JobOutput } from '../jobs/kinds';
import { retryNote, sweepExpiredJobs } from '../jobs/queue';

export interface JobFile {
  stream: Readable;
  size: number;
  fileName: string;
}

/**
 * The server side of the worker protocol, shared by the HTTP routes (remote workers) and the embedded
 * pool's thread messages: claim under a lease, heartbeat with progress, read inputs, store results, finish.
 * What each step means for the job's subject (a trial, a report, an archive …) is its kind's handler's.
 */
export class WorkerProtocolService {
  private readonly jobs: JobRepository;

  constructor(
    private readonly deps: AppDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.jobs = new JobRepository(deps.db, deps.dialect);
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private leaseUntil(): string {
    return new Date(this.now().getTime() + jobSettings().leaseSeconds * 1000).toISOString();
  }

  /**
   * Claims the next job of the kinds the worker runs (default: trial processing) and returns its spec; jobs
   * whose inputs are unusable fail at once with the handler's user words.
   */
  async claim(workerId: string, kinds: readonly JobKind[] = TRIAL_JOB_KINDS): Promise<AnyJobSpec | null> {
    await sweepExpiredJobs(this.deps, this.log);
    const claimable = kinds.filter((k) => handledJobKinds().includes(k));
    for (;;) {
      const job = await this.jobs.claim(workerId, this.now().toISOString(), this.leaseUntil(), claimable);
      if (!job) return null;
      this.log.info(
        { jobId: job.id, trialId: job.trial_id, kind: job.kind, attempt: job.attempts, workerId },
        'job claimed',
      );
      const handler = jobKindHandler(job.kind);
      try {
        const spec = await handler.buildSpec(this.deps, job);
        await handler.onClaimed?.(this.deps, job);
        return spec;
      } catch (err) {
        const userMessage = err instanceof JobInputError ? err.message : 'Processing could not start.';
        this.log.warn({ jobId: job.id, err }, 'job inputs unusable');
        await this.jobs.finish(job.id, workerId, this.now().toISOString(), {
          status: 'failed',
          error: String(err),
        });
        await handler.onFailed(this.deps, job, userMessage);
      }
    }
  }

  /** The job if `workerId` holds its lease; 409 otherwise (lost to expiry, cancelled or finished). */
  private async held(jobId: string, workerId: string): Promise<JobRow> {
    const job = await this.jobs.findById(jobId);
    // A job deleted with its trial is as lost to the worker as one taken over: it should stop quietly.
    if (!job) throw conflict('This job no longer exists.');
    if (job.status !== 'running' || job.worker_id !== workerId)
      throw conflict('This job is no longer leased to this worker.');
    return job;
  }

  async heartbeat(
    jobId: string,
    workerId: string,
    progress: { percent?: number | null; message?: string | null },
  ): Promise<{ lease_expires_at: string }> {
    const now = this.now().toISOString();
    const until = this.leaseUntil();
    const ok = await this.jobs.heartbeat(jobId, workerId, now, until, progress);
    if (!ok) throw conflict('This job is no longer leased to this worker.');
    const job = await this.jobs.findById(jobId);
    if (job) await jobKindHandler(job.kind).onProgress?.(this.deps, job, progress);
    return { lease_expires_at: until };
  }

  /**
   * A stream of one of a running job's inputs, if its handler lets the job read it. Any worker token may read
   * while the job runs (workers are trusted with every job's inputs; the lease guards writes).
   */
  async openInput(jobId: string, inputId: string): Promise<JobFile> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.status !== 'running') throw notFound('No such running job.');
    const file = await jobKindHandler(job.kind).resolveInput(this.deps, job, inputId);
    if (!file) throw notFound('No such input for this job.');
    const stat = await this.deps.storage.stat(file.storageKey);
    if (!stat) throw notFound('The input file is missing from storage.');
    return { stream: await this.deps.storage.get(file.storageKey), size: stat.size, fileName: file.fileName };
  }

  /** A stream of one of the job's trial videos (trial processing). */
  openVideo(jobId: string, videoId: string): Promise<JobFile> {
    return this.openInput(jobId, `video:${videoId}`);
  }

  /** A stream of an input result (the neutral trial's scaled model) of the same session. */
  openResult(jobId: string, resultId: string): Promise<JobFile> {
    return this.openInput(jobId, `result:${resultId}`);
  }

  /** Stores one result (a file, or a file-less record when body is null) of a held job. */
  async putResult(jobId: string, workerId: string, output: JobOutput): Promise<{ id: string }> {
    const job = await this.held(jobId, workerId);
    return jobKindHandler(job.kind).storeOutput(this.deps, job, output);
  }

  async complete(
    jobId: string,
    workerId: string,
    body: { message?: string; trial_meta?: Record<string, unknown> },
  ): Promise<void> {
    const job = await this.held(jobId, workerId);
    if (!(await this.jobs.finish(jobId, workerId, this.now().toISOString(), { status: 'done' })))
      throw conflict('This job is no longer leased to this worker.');
    await jobKindHandler(job.kind).onCompleted(this.deps, job, body);
    this.log.info(
      { jobId, trialId: job.trial_id, kind: job.kind, timings: body.trial_meta?.timings },
      'job done',
    );
  }

  /**
   * A failed attempt: the developer detail goes to the log; retryable failures are queued again while
   * attempts remain, anything else fails the job with the user's words.
   */
  async fail(
    jobId: string,
    workerId: string,
    body: { user_message: string; detail?: string; retryable: boolean },
  ): Promise<void> {
    const job = await this.held(jobId, workerId);
    const now = this.now();
    this.log.error(
      { jobId, trialId: job.trial_id, kind: job.kind, attempt: job.attempts, workerId, detail: body.detail },
      `job failed: ${body.user_message}`,
    );
    const retry = body.retryable && job.attempts < job.max_attempts;
    const runAfter = new Date(
      now.getTime() + jobSettings().retryDelaySeconds * 1000 * job.attempts,
    ).toISOString();
    const ok = await this.jobs.finish(jobId, workerId, now.toISOString(), {
      status: retry ? 'queued' : 'failed',
      error: `${body.user_message}\n${body.detail ?? ''}`.slice(0, 20000),
      run_after: runAfter,
    });
    if (!ok) throw conflict('This job is no longer leased to this worker.');
    const handler = jobKindHandler(job.kind);
    if (retry) {
      await handler.onRequeued?.(this.deps, job, retryNote(job, 'Processing failed.'));
      jobSignals.emit('queued');
    } else await handler.onFailed(this.deps, job, body.user_message);
  }
}
