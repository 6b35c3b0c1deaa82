import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRIAL_JOB_KINDS } from '@poselab/contract';
import {
  HttpJobHost,
  ProcessingError,
  runJob,
  GENERIC_FAILURE,
  type Processor,
  type Processors,
} from '@poselab/worker';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { enqueueProcessing } from './queue';
import { createWorkerToken } from './worker-tokens';
import { insertDevices, insertSession, insertTrialWithVideos } from './processing-fixtures';

/**
 * The worker side of the protocol over real HTTP (the server listens on a port): the runner downloads videos,
 * uploads result files, reports user words for recording problems and retries software failures.
 */
describe('remote worker over HTTP', () => {
  let t: TestApp;
  let host: HttpJobHost;
  let trialId: string;
  beforeEach(async () => {
    t = await createTestApp();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = new HttpJobHost(url, await createWorkerToken(t.deps, 'test'));
    const user = await createUserWithToken(t.deps, {}, { verified: true });
    const sessionId = await insertSession(t.deps, user.user.id);
    const devices = await insertDevices(t.deps, sessionId, ['a', 'b']);
    trialId = await insertTrialWithVideos(t.deps, sessionId, 'calibration', [
      { deviceId: devices[0], bytes: Buffer.alloc(300_000, 1) },
      { deviceId: devices[1], bytes: Buffer.alloc(200_000, 2) },
    ]);
    await enqueueProcessing(t.deps, trialId);
  });
  afterEach(() => t.close());

  const only = (p: Processor): Processors => ({ calibration: p, neutral: p, dynamic: p });
  const trial = () =>
    t.deps.db.selectFrom('trials').selectAll().where('id', '=', trialId).executeTakeFirstOrThrow();

  it('downloads the videos, posts a result file and completes', async () => {
    const spec = (await host.claim('remote-1', TRIAL_JOB_KINDS))!;
    const outcome = await runJob(
      host,
      'remote-1',
      spec,
      only(async (ctx) => {
        const sizes = await ctx.step('measure', 10, 'Measuring', async () => {
          const { stat } = await import('node:fs/promises');
          return Promise.all([...ctx.videoPaths.values()].map(async (p) => (await stat(p)).size));
        });
        const file = join(ctx.workDir, 'sizes.json');
        await writeFile(file, JSON.stringify(sizes));
        await ctx.putResult({
          tag: 'session_metadata',
          deviceId: null,
          meta: { sizes },
          fileName: 'sizes.json',
          filePath: file,
        });
        return { message: 'Measured' };
      }),
    );
    expect(outcome).toBe('done');
    const row = await trial();
    expect(row).toMatchObject({ status: 'done', progress_message: 'Measured' });
    expect(JSON.parse(row.meta).timings.steps.map((s: { name: string }) => s.name)).toEqual([
      'download',
      'measure',
    ]);
    const [result] = await t.deps.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', '=', trialId)
      .execute();
    expect(JSON.parse(result.meta).sizes.sort()).toEqual([200_000, 300_000]);
    const stored = await t.deps.storage.stat(result.storage_key!);
    expect(stored?.size).toBe(JSON.stringify(JSON.parse(result.meta).sizes).length);
  });

  it('puts the user words of a recording problem on the trial and does not retry', async () => {
    const spec = (await host.claim('remote-1', TRIAL_JOB_KINDS))!;
    const outcome = await runJob(
      host,
      'remote-1',
      spec,
      only(async () => {
        throw new ProcessingError('Checkerboard not found in camera 2 (b).', 'searched 24 frames');
      }),
    );
    expect(outcome).toBe('failed');
    const row = await trial();
    expect(row.status).toBe('error');
    expect(JSON.parse(row.meta).error_msg).toBe('Checkerboard not found in camera 2 (b).');
  });

  it('retries a software failure with generic words, then stops after the last attempt', async () => {
    const crash = only(async () => {
      throw new TypeError('x is undefined');
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const spec = (await host.claim('remote-1', TRIAL_JOB_KINDS))!;
      expect(spec.attempt).toBe(attempt);
      expect(await runJob(host, 'remote-1', spec, crash)).toBe('failed');
      t.clock.advance(60_000);
    }
    expect(await host.claim('remote-1', TRIAL_JOB_KINDS)).toBeNull();
    const row = await trial();
    expect(row.status).toBe('error');
    expect(JSON.parse(row.meta).error_msg).toBe(GENERIC_FAILURE);
  });

  it('stops quietly when its lease was taken over', async () => {
    const spec = (await host.claim('remote-1', TRIAL_JOB_KINDS))!;
    const outcome = await runJob(
      host,
      'remote-1',
      spec,
      only(async (ctx) => {
        t.clock.advance(61_000);
        await host.claim('remote-2', TRIAL_JOB_KINDS); // another worker takes the expired job
        await new Promise((r) => setTimeout(r, 400)); // a heartbeat learns it
        ctx.checkCancelled();
        return { message: 'never' };
      }),
      { heartbeatMs: 100 },
    );
    expect(outcome).toBe('lost');
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('trial_id', '=', trialId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'running', worker_id: 'remote-2', attempts: 2 });
  });
});
