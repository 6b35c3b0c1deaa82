import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { startEmbeddedPool, type EmbeddedPool } from './embedded-pool';
import { enqueueProcessing } from './queue';
import { insertDevices, insertSession, insertTrialWithVideos } from './processing-fixtures';

const entryUrl = new URL('./embedded-pool.test-entry.ts', import.meta.url).href;

async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The embedded pool: worker threads claim through the main thread, run jobs and survive a crash. */
describe('embedded worker pool', () => {
  let t: TestApp;
  let pool: EmbeddedPool | null = null;
  let sessionId: string;
  let devices: string[];
  beforeEach(async () => {
    t = await createTestApp();
    const user = await createUserWithToken(t.deps, {}, { verified: true });
    sessionId = await insertSession(t.deps, user.user.id);
    devices = await insertDevices(t.deps, sessionId, ['a', 'b']);
  });
  afterEach(async () => {
    await pool?.stop();
    await t.close();
  });

  const trialOwner = () =>
    t.deps.db.selectFrom('sessions').select('user_id').where('id', '=', sessionId).executeTakeFirstOrThrow();
  const trialRow = (id: string) =>
    t.deps.db.selectFrom('trials').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a queued trial in a thread and stores its result', async () => {
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, entryUrl, idleMs: 100 });
    const trialId = await insertTrialWithVideos(t.deps, sessionId, 'calibration', [
      { deviceId: devices[0], bytes: Buffer.from('first video') },
      { deviceId: devices[1], bytes: Buffer.from('second video') },
    ]);
    await enqueueProcessing(t.deps, trialId);
    const done = await waitFor(async () =>
      (await trialRow(trialId)).status === 'done' ? trialRow(trialId) : null,
    );
    expect(done.progress_message).toBe('Digested');
    expect(JSON.parse(done.meta).timings.steps.map((s: { name: string }) => s.name)).toContain('download');
    const [result] = await t.deps.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', '=', trialId)
      .execute();
    const hashes = Object.values(JSON.parse(result.meta).hashes as Record<string, string>).sort();
    const expected = ['first video', 'second video']
      .map((s) => createHash('sha256').update(s).digest('hex'))
      .sort();
    expect(hashes).toEqual(expected);
  });

  it('picks a trial up again after its worker thread dies mid-job', async () => {
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, entryUrl, idleMs: 100 });
    const hanging = await insertSession(t.deps, (await trialOwner()).user_id, {
      settings: { session_name: 'hang-first' },
    });
    const trialId = await insertTrialWithVideos(t.deps, hanging, 'calibration', [
      { deviceId: devices[0], bytes: Buffer.from('x') },
      { deviceId: devices[1], bytes: Buffer.from('y') },
    ]);
    await enqueueProcessing(t.deps, trialId);
    await waitFor(async () => (await trialRow(trialId)).progress_message === 'Hanging');
    await pool.crashOne(0);
    t.clock.advance(61_000); // the dead thread's lease runs out
    const done = await waitFor(async () =>
      (await trialRow(trialId)).status === 'done' ? trialRow(trialId) : null,
    );
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('trial_id', '=', trialId)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
    expect(JSON.parse(done.meta).thread).toMatch(/^embedded:.*:0:2$/);
  });

  it('gives a job cut short by a shutdown back to the queue', async () => {
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, entryUrl, idleMs: 100 });
    const hanging = await insertSession(t.deps, (await trialOwner()).user_id, {
      settings: { session_name: 'hang-first' },
    });
    const trialId = await insertTrialWithVideos(t.deps, hanging, 'calibration', [
      { deviceId: devices[0], bytes: Buffer.from('x') },
      { deviceId: devices[1], bytes: Buffer.from('y') },
    ]);
    await enqueueProcessing(t.deps, trialId);
    await waitFor(async () => (await trialRow(trialId)).progress_message === 'Hanging');
    await pool.stop();
    pool = null;
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('trial_id', '=', trialId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', worker_id: null, attempts: 1 });
    expect((await trialRow(trialId)).status).toBe('stopped');
  });
});
