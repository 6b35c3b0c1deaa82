import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';

/**
 * Starts scheduled jobs and the embedded worker pool; returns a function that stops them.
 * Each domain adds its starter here (retention job, processing workers).
 */
export async function startBackgroundServices(
  _deps: AppDeps,
  _log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
