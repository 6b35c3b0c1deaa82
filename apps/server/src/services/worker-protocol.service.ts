import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { JobSpec } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { conflict, notFound, badRequest } from '../http/http-error';
import { JobRepository, type JobRow } from '../repositories/job.repository';
import { ResultRepository } from '../repositories/result.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';
import { jobSettings, jobSignals } from '../jobs/job-settings';
import { markTrialError, markTrialRequeued, sweepExpiredJobs } from '../jobs/queue';
import { buildJobSpec, JobInputError } from './job-spec';

function parseMeta(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/**
 * The server side of the worker protocol, shared by the HTTP routes (remote workers) and the embedded
 * pool's thread messages: claim under a lease, heartbeat with progress, fetch inputs, store results, finish.
 */
export class WorkerProtocolService {
  private readonly jobs: JobRepository;
  private readonly trials: TrialRepository;
  private readonly results: ResultRepository;

  constructor(
    private readonly deps: AppDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.jobs = new JobRepository(deps.db, deps.dialect);
    this.trials = new TrialRepository(deps.db);
    this.results = new ResultRepository(deps.db);
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private leaseUntil(): string {
    return new Date(this.now().getTime() + jobSettings().leaseSeconds * 1000).toISOString();
  }

  /** Claims the next job and returns its spec; jobs whose inputs are unusable fail at once (user words). */
  async claim(workerId: string): Promise<JobSpec | null> {
    await sweepExpiredJobs(this.deps, this.log);
    for (;;) {
      const job = await this.jobs.claim(workerId, this.now().toISOString(), this.leaseUntil());
      if (!job) return null;
      this.log.info(
        { jobId: job.id, trialId: job.trial_id, kind: job.kind, attempt: job.attempts, workerId },
        'job claimed',
      );
      try {
        const spec = await buildJobSpec(this.deps, job);
        await this.clearResults(job.trial_id);
        await this.trials.update(job.trial_id, {
          status: 'processing',
          progress_percent: 0,
          progress_message: 'Processing started',
          updated_at: this.now().toISOString(),
        });
        return spec;
      } catch (err) {
        const userMessage = err instanceof JobInputError ? err.message : 'Processing could not start.';
        this.log.warn({ jobId: job.id, err }, 'job inputs unusable');
        await this.jobs.finish(job.id, workerId, this.now().toISOString(), {
          status: 'failed',
          error: String(err),
        });
        await markTrialError(this.deps, job.trial_id, userMessage);
      }
    }
  }

  /** Removes results of an earlier run (reprocess, retry) before a new attempt writes its own. */
  private async clearResults(trialId: string): Promise<void> {
    const trial = await this.trials.findById(trialId);
    if (!trial) return;
    await this.deps.storage.deletePrefix(`${mediaKeys.trial(trial.session_id, trial.id)}/results/`);
    await this.results.deleteOfTrial(trialId);
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
    if (job && (progress.percent != null || progress.message != null)) {
      await this.trials.update(job.trial_id, {
        ...(progress.percent != null ? { progress_percent: Math.round(progress.percent) } : {}),
        ...(progress.message != null ? { progress_message: progress.message } : {}),
        updated_at: now,
      });
    }
    return { lease_expires_at: until };
  }

  /** A stream of one of the job's trial videos. Any worker token may read while the job runs. */
  async openVideo(
    jobId: string,
    videoId: string,
  ): Promise<{ stream: Readable; size: number; fileName: string }> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.status !== 'running') throw notFound('No such running job.');
    const [video] = (await this.trials.videosOf([job.trial_id])).filter((v) => v.id === videoId);
    if (!video) throw notFound('No such video in this job.');
    const stat = await this.deps.storage.stat(video.storage_key);
    if (!stat) throw notFound('The video file is missing from storage.');
    return {
      stream: await this.deps.storage.get(video.storage_key),
      size: stat.size,
      fileName: video.storage_key.split('/').pop() ?? 'video.mp4',
    };
  }

  /** A stream of an input result (the neutral trial's scaled model) of the same session. */
  async openResult(
    jobId: string,
    resultId: string,
  ): Promise<{ stream: Readable; size: number; fileName: string }> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.status !== 'running') throw notFound('No such running job.');
    const result = await this.results.findById(resultId);
    const trial = await this.trials.findById(job.trial_id);
    const owner = result ? await this.trials.findById(result.trial_id) : undefined;
    if (!result?.storage_key || !trial || !owner || owner.session_id !== trial.session_id)
      throw notFound('No such result for this job.');
    const stat = await this.deps.storage.stat(result.storage_key);
    if (!stat) throw notFound('The result file is missing from storage.');
    return {
      stream: await this.deps.storage.get(result.storage_key),
      size: stat.size,
      fileName: result.storage_key.split('/').pop() ?? 'result',
    };
  }

  /** Stores one result file (or a file-less record when body is null) of a held job. */
  async putResult(
    jobId: string,
    workerId: string,
    input: {
      tag: string;
      deviceId: string | null;
      meta: Record<string, unknown>;
      fileName: string | null;
      body: Readable | Buffer | null;
    },
  ): Promise<{ id: string }> {
    const job = await this.held(jobId, workerId);
    const trial = await this.trials.findById(job.trial_id);
    if (!trial) throw notFound('The trial no longer exists.');
    if (!/^[A-Za-z0-9_-]{1,60}$/.test(input.tag)) throw badRequest('Invalid result tag.');
    let storageKey: string | null = null;
    if (input.body) {
      if (!input.fileName || !SAFE_FILE.test(input.fileName)) throw badRequest('Invalid result file name.');
      storageKey = mediaKeys.result(trial.session_id, trial.id, input.fileName);
      await this.deps.storage.put(storageKey, input.body);
    }
    const id = randomUUID();
    await this.results.insert({
      id,
      trial_id: trial.id,
      tag: input.tag,
      device_id: input.deviceId,
      storage_key: storageKey,
      meta: JSON.stringify(input.meta),
      created_at: this.now().toISOString(),
    });
    return { id };
  }

  async complete(
    jobId: string,
    workerId: string,
    body: { message?: string; trial_meta?: Record<string, unknown> },
  ): Promise<void> {
    const job = await this.held(jobId, workerId);
    const now = this.now().toISOString();
    if (!(await this.jobs.finish(jobId, workerId, now, { status: 'done' })))
      throw conflict('This job is no longer leased to this worker.');
    const trial = await this.trials.findById(job.trial_id);
    if (!trial) return;
    const meta = { ...parseMeta(trial.meta), ...(body.trial_meta ?? {}) };
    delete meta.error_msg;
    await this.trials.update(trial.id, {
      status: 'done',
      progress_percent: 100,
      progress_message: body.message ?? 'Done',
      meta: JSON.stringify(meta),
      updated_at: now,
    });
    this.log.info(
      { jobId, trialId: trial.id, kind: job.kind, timings: body.trial_meta?.timings },
      'job done',
    );
  }

  /**
   * A failed attempt: the developer detail goes to the log; retryable failures are queued again while
   * attempts remain, anything else puts the trial in error with the user's words.
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
      `processing failed: ${body.user_message}`,
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
    if (retry) {
      await markTrialRequeued(this.deps, job, 'Processing failed.');
      jobSignals.emit('queued');
    } else await markTrialError(this.deps, job.trial_id, body.user_message);
  }
}
