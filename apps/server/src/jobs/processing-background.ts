import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { startEmbeddedPool } from './embedded-pool';
import { startLeaseSweeper } from './scheduler';
import { ensureWorkerToken } from './worker-tokens';

/**
 * Processing in the background: the lease sweeper, WORKER_TOKEN (a worker token known to remote workers,
 * optional) and the embedded worker pool of WORKERS threads (0 = only remote workers process).
 */
export async function startProcessing(deps: AppDeps, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const envToken = process.env.WORKER_TOKEN;
  if (envToken) await ensureWorkerToken(deps, 'WORKER_TOKEN', envToken);
  const stopSweeper = startLeaseSweeper(deps, log);
  const pool = deps.config.workers > 0 ? startEmbeddedPool(deps, log, { size: deps.config.workers }) : null;
  return async () => {
    stopSweeper();
    await pool?.stop();
  };
}
