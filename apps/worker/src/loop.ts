import { HostError, type JobHost } from './host';
import { processorKinds, runJob, type Processors, type RunOptions } from './runner';

export interface LoopOptions extends RunOptions {
  workerId: string;
  /** Wait between claims when the queue is empty (default 2 s). */
  idleMs?: number;
  /** Resolves early when new work may be waiting (embedded pool: a job was queued). */
  wake?: () => Promise<void>;
  signal?: AbortSignal;
}

function sleep(ms: number, signal?: AbortSignal, wake?: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
    void wake?.().then(done);
  });
}

/**
 * Claims and runs jobs one after another until the signal aborts. Server outages are waited out with backoff,
 * so a worker started before its server (or across a restart) keeps going.
 */
export async function workerLoop(host: JobHost, processors: Processors, opts: LoopOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  let backoff = 1000;
  while (!opts.signal?.aborted) {
    let claimed = false;
    try {
      const spec = await host.claim(opts.workerId, processorKinds(processors));
      backoff = 1000;
      if (spec) {
        claimed = true;
        log(
          `claimed job ${spec.job_id} (${spec.kind}, ${'trial' in spec ? `trial ${spec.trial.id}` : `trial ${spec.trial_id ?? '-'}`}, attempt ${spec.attempt}/${spec.max_attempts})`,
        );
        await runJob(host, opts.workerId, spec, processors, opts);
      }
    } catch (err) {
      const unreachable = err instanceof HostError && (err.status === 0 || err.status >= 500);
      log(unreachable ? `server unavailable: ${(err as Error).message}` : `worker error: ${String(err)}`);
      await sleep(backoff, opts.signal);
      backoff = Math.min(backoff * 2, 30_000);
      continue;
    }
    if (!claimed) await sleep(opts.idleMs ?? 2000, opts.signal, opts.wake);
  }
}
