import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AnalysisJobSpec,
  type AnyJobSpec,
  type ArchiveJobSpec,
  type JobKind,
  type JobSpec,
  type ReportJobSpec,
} from '@poselab/contract';
import { alignImportedVideos, explainSyncFailure } from './processors/coarse-align';
import { LeaseLostError, ProcessingError, type JobHost, type ResultUpload } from './host';

export interface StepTiming {
  name: string;
  seconds: number;
}

/**
 * What a processor (one per job kind) gets: its spec, a scratch folder, inputs, progress, result upload,
 * cancellation. Trial processing finds its videos (and the neutral's scaled model) downloaded already; the
 * other kinds open or download the inputs their spec lists.
 */
export interface JobContext<S extends AnyJobSpec = JobSpec> {
  spec: S;
  workDir: string;
  /** Local file of each trial video, by video id (trial processing). */
  videoPaths: Map<string, string>;
  /** Local copy of the neutral trial's scaled model (dynamic trials). */
  scaledModelPath: string | null;
  /** A stream of one of spec.inputs (by its id). */
  openInput(inputId: string): Promise<Readable>;
  /** Downloads one of spec.inputs to a file in workDir and returns its path. */
  downloadInput(inputId: string): Promise<string>;
  /** Reports overall progress (0–100) with the server's message for the user. */
  progress(percent: number, message: string): void;
  /** Runs one named step, timing it and reporting `message` at `percent` when it starts. */
  step<T>(name: string, percent: number, message: string, fn: () => Promise<T> | T): Promise<T>;
  putResult(result: ResultUpload): Promise<void>;
  /** Throws when the lease was lost; call between steps. */
  checkCancelled(): void;
  log(message: string, extra?: Record<string, unknown>): void;
}

export interface ProcessorOutcome {
  /** Shown as the trial's final progress message. */
  message: string;
  trialMeta?: Record<string, unknown>;
}

export type Processor<S extends AnyJobSpec = JobSpec> = (ctx: JobContext<S>) => Promise<ProcessorOutcome>;

/** The processors a worker runs: every worker processes trials; the other kinds where it has their code. */
export interface Processors {
  calibration: Processor;
  neutral: Processor;
  dynamic: Processor;
  analysis?: Processor<AnalysisJobSpec>;
  report?: Processor<ReportJobSpec>;
  archive?: Processor<ArchiveJobSpec>;
}

/** The kinds a set of processors can run (what a worker claims). */
export function processorKinds(processors: Processors): JobKind[] {
  return (Object.keys(processors) as JobKind[]).filter((k) => processors[k]);
}

export interface RunOptions {
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** Override the heartbeat period (default: a third of the lease). */
  heartbeatMs?: number;
}

/** User words for failures that are not the recording's fault (bugs, disk, network); these are retried. */
export const GENERIC_FAILURE = 'Processing failed. Consider recording this trial again.';

/**
 * Runs one claimed job: downloads inputs, heartbeats (with the latest progress) while the processor works,
 * stores the outcome and reports done or failed. A lost lease stops the job silently: another worker has it.
 */
export async function runJob(
  host: JobHost,
  workerId: string,
  spec: AnyJobSpec,
  processors: Processors,
  opts: RunOptions = {},
): Promise<'done' | 'failed' | 'lost'> {
  const log = opts.log ?? (() => {});
  const workDir = await mkdtemp(join(tmpdir(), `poselab-job-${spec.job_id.slice(0, 8)}-`));
  let latest: { percent: number; message: string } = { percent: 0, message: 'Processing started' };
  let lost = false;
  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    beating = beating
      .then(() => host.heartbeat(spec.job_id, workerId, latest))
      .catch((err: unknown) => {
        if (err instanceof LeaseLostError) lost = true;
        else log('heartbeat failed', { error: String(err) });
      });
  };
  const timer = setInterval(beat, opts.heartbeatMs ?? Math.max(500, (spec.lease_seconds * 1000) / 3));
  const timings: StepTiming[] = [];
  const started = performance.now();
  const ctx: JobContext<AnyJobSpec> = {
    spec,
    workDir,
    videoPaths: new Map(),
    scaledModelPath: null,
    openInput(inputId) {
      ctx.checkCancelled();
      return host.openInput(spec.job_id, inputId);
    },
    async downloadInput(inputId) {
      const input = 'inputs' in spec ? spec.inputs.find((i) => i.id === inputId) : undefined;
      if (!input) throw new Error(`job ${spec.job_id} has no input ${inputId}`);
      const path = join(
        workDir,
        `${input.id.replace(/[^A-Za-z0-9_-]/g, '_')}-${input.name.replace(/[^A-Za-z0-9._-]/g, '_')}`,
      );
      await pipeline(await ctx.openInput(inputId), createWriteStream(path));
      return path;
    },
    progress(percent, message) {
      const changedMessage = message !== latest.message;
      latest = { percent: Math.max(0, Math.min(100, percent)), message };
      if (changedMessage) beat();
    },
    async step(name, percent, message, fn) {
      ctx.checkCancelled();
      ctx.progress(percent, message);
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        const seconds = (performance.now() - t0) / 1000;
        timings.push({ name, seconds });
        log(`step ${name} took ${seconds.toFixed(2)} s`, { jobId: spec.job_id });
      }
    },
    async putResult(result) {
      ctx.checkCancelled();
      await host.putResult(spec.job_id, workerId, result);
    },
    checkCancelled() {
      if (lost) throw new LeaseLostError();
    },
    log,
  };
  try {
    let outcome: ProcessorOutcome;
    if (spec.kind === 'calibration' || spec.kind === 'neutral' || spec.kind === 'dynamic') {
      const trialSpec = spec;
      await ctx.step('download', 1, 'Downloading videos', async () => {
        for (const v of trialSpec.videos) {
          const path = join(workDir, `${v.id}-${v.file_name}`);
          await host.downloadVideo(trialSpec.job_id, v.id, path);
          ctx.videoPaths.set(v.id, path);
        }
        if (trialSpec.scaled_model_result_id) {
          ctx.scaledModelPath = join(workDir, 'scaled-model.osim');
          await host.downloadResult(trialSpec.job_id, trialSpec.scaled_model_result_id, ctx.scaledModelPath);
        }
      });
      const coarse = trialSpec.coarse_align
        ? await ctx.step('coarse-align', 3, 'Aligning the videos in time', () =>
            alignImportedVideos(trialSpec, ctx.videoPaths),
          )
        : null;
      try {
        outcome = await processors[trialSpec.kind]({ ...ctx, spec: coarse?.spec ?? trialSpec });
      } catch (err) {
        throw explainSyncFailure(err, coarse);
      }
      if (coarse)
        outcome = { ...outcome, trialMeta: { ...outcome.trialMeta, coarse_alignment: coarse.meta } };
    } else {
      const processor = processors[spec.kind] as Processor<AnyJobSpec> | undefined;
      if (!processor) throw new Error(`this worker has no processor for ${spec.kind} jobs`);
      outcome = await processor(ctx);
    }
    ctx.checkCancelled();
    await beating;
    const totalSeconds = (performance.now() - started) / 1000;
    const timingMeta = {
      total_s: Math.round(totalSeconds * 100) / 100,
      steps: timings.map((t) => ({
        name: t.name,
        seconds: Math.round(t.seconds * 100) / 100,
        share: Math.round((t.seconds / totalSeconds) * 1000) / 1000,
      })),
    };
    log(`job ${spec.job_id} (${spec.kind}) done in ${totalSeconds.toFixed(1)} s`, { timings: timingMeta });
    await host.complete(spec.job_id, workerId, {
      message: outcome.message,
      trial_meta: { ...outcome.trialMeta, timings: timingMeta },
    });
    return 'done';
  } catch (err) {
    if (err instanceof LeaseLostError || lost) {
      log(`job ${spec.job_id} lost its lease; stopping`);
      return 'lost';
    }
    const isInput = err instanceof ProcessingError;
    const detail = `${err instanceof Error ? (err.stack ?? err.message) : String(err)}\nsteps: ${JSON.stringify(timings)}`;
    log(`job ${spec.job_id} failed`, { detail });
    try {
      await host.fail(spec.job_id, workerId, {
        user_message: isInput ? err.userMessage : GENERIC_FAILURE,
        detail,
        retryable: !isInput,
      });
    } catch (reportErr) {
      if (!(reportErr instanceof LeaseLostError)) throw reportErr;
      return 'lost';
    }
    return 'failed';
  } finally {
    clearInterval(timer);
    await beating;
    await rm(workDir, { recursive: true, force: true });
  }
}
