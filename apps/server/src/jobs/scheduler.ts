import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { jobSettings } from './job-settings';
import { sweepExpiredJobs } from './queue';

/** Settles expired leases every half lease, so a dead worker's trial is retried or failed, never stuck. */
export function startLeaseSweeper(deps: AppDeps, log: FastifyBaseLogger): () => void {
  const period = Math.max(1000, (jobSettings().leaseSeconds * 1000) / 2);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpiredJobs(deps, log)
      .catch((err: unknown) => log.error({ err }, 'lease sweep failed'))
      .finally(() => (running = false));
  }, period);
  timer.unref();
  return () => clearInterval(timer);
}
