import { HttpJobHost, processArchive, runJob, type Processor, type Processors } from '@poselab/worker';
import type { TestApp } from './test-app';
import { createWorkerToken } from '../jobs/worker-tokens';

/** Helpers for the archive tests: polling the task, fetching the ready zip, running the job over HTTP. */
export const never: Processor = async () => {
  throw new Error('not a trial test');
};
export const archiveProcessors: Processors = {
  calibration: never,
  neutral: never,
  dynamic: never,
  archive: processArchive,
};

export async function get(t: TestApp, url: string, authorization?: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: authorization ? { authorization } : {} });
}

/** Runs every queued archive job with the real processor through the HTTP worker protocol. */
export async function runArchiveJobs(t: TestApp, workerId = 'archive-test'): Promise<string[]> {
  const url = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const host = new HttpJobHost(url, await createWorkerToken(t.deps, 'archive-test'));
  const outcomes: string[] = [];
  for (;;) {
    const spec = await host.claim(workerId, ['archive']);
    if (!spec) return outcomes;
    outcomes.push(await runJob(host, workerId, spec, archiveProcessors));
  }
}

/** The zip behind a ready task's url (local storage: the signed /api/media link). */
export async function fetchReadyZip(t: TestApp, taskId: string, authorization?: string): Promise<Buffer> {
  const ready = await get(t, `/logs/${taskId}/on-ready/`, authorization);
  if (ready.statusCode !== 200) throw new Error(`on-ready answered ${ready.statusCode}: ${ready.body}`);
  const { url } = ready.json<{ url: string }>();
  const res = await t.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`media answered ${res.statusCode}`);
  return res.rawPayload;
}
