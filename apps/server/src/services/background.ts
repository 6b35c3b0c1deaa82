import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { startRetentionJob } from './removal.service';
import { startProcessing } from '../jobs/processing-background';
import { startArchiveRetention } from './archive.service';
import { startCaptureSweeps } from './capture-sweeps';

/**
 * Starts scheduled jobs and the embedded worker pool; returns a function that stops them.
 * Each domain adds its starter here (retention job, processing workers).
 */
export async function startBackgroundServices(
  _deps: AppDeps,
  _log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  stops.push(startRetentionJob(_deps, _log));
  stops.push(await startCaptureSweeps(_deps, _log));
  stops.push(await startProcessing(_deps, _log));
  stops.push(startArchiveRetention(_deps, _log));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
