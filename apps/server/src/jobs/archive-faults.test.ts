import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpJobHost } from '@poselab/worker';
import { ArchiveService } from '../services/archive.service';
import { seedArchiveSession, type ArchiveFixture } from '../test/archive-fixtures';
import { fetchReadyZip, get, runArchiveJobs } from '../test/archive-helpers';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { readZip } from '../test/zip-reader';
import { startEmbeddedPool, type EmbeddedPool } from './embedded-pool';
import { sweepExpiredJobs } from './queue';
import { createWorkerToken } from './worker-tokens';

const entryUrl = new URL('./archive-pool.test-entry.ts', import.meta.url).href;

async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Archives survive dead workers, never hand out a cut zip, fail clearly on storage errors and expire. */
describe('data downloads: faults and retention', () => {
  let t: TestApp;
  let auth: string;
  let fx: ArchiveFixture;
  let pool: EmbeddedPool | null = null;

  beforeEach(async () => {
    t = await createTestApp({ ARCHIVE_RETENTION_DAYS: '2' });
    const owner = await createUserWithToken(t.deps, {}, { verified: true });
    auth = owner.authorization;
    fx = await seedArchiveSession(t.deps, owner.user.id);
  });
  afterEach(async () => {
    await pool?.stop();
    pool = null;
    await t.close();
  });

  const start = async () =>
    (await get(t, `/sessions/${fx.sessionId}/async-download/`, auth)).json<{ task_id: string }>().task_id;
  const archiveRow = (id: string) =>
    t.deps.db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessionRow = () =>
    t.deps.db.selectFrom('sessions').selectAll().where('id', '=', fx.sessionId).executeTakeFirstOrThrow();
  const filesUnder = async (id: string) => {
    const { readdir } = await import('node:fs/promises');
    return readdir(`${t.dataDir}/media/archives/${id}`, { recursive: true }).catch(() => [] as string[]);
  };
  const expectWhole = async (taskId: string) => {
    const entries = await readZip(await fetchReadyZip(t, taskId, auth));
    const base = `OpenCapData_${fx.sessionId}/`;
    for (const [path, bytes] of fx.expected)
      expect(entries.find((e) => e.name === base + path)?.data.equals(bytes), path).toBe(true);
  };

  it('an archive thread killed mid-zip loses its lease; the archive is made again, whole', async () => {
    const meta = JSON.parse((await sessionRow()).meta) as Record<string, unknown>;
    await t.deps.db
      .updateTable('sessions')
      .set({ meta: JSON.stringify({ ...meta, sessionName: 'stall_first' }) })
      .where('id', '=', fx.sessionId)
      .execute();
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, entryUrl, idleMs: 100 });
    const taskId = await start();
    await waitFor(async () => (await archiveRow(taskId)).progress_message === 'Stalled');
    const stalled = await get(t, `/logs/${taskId}/on-ready/`, auth);
    expect(stalled.statusCode).toBe(202);
    expect(stalled.json()).toMatchObject({ state: 'running', percent: 42 });
    await pool.crashOne(0);
    t.clock.advance(61_000); // the dead thread's lease runs out; the next claim sweeps it
    await waitFor(async () => (await archiveRow(taskId)).state === 'ready', 60_000);
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'archive')
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
    await expectWhole(taskId);
    // Only the second attempt's zip is kept (the first one's partial file went with its failed write).
    expect((await filesUnder(taskId)).filter((f) => f.endsWith('.zip') || f.endsWith('.partial'))).toEqual([
      `2/OpenCapData_${fx.sessionId}.zip`,
    ]);
  }, 90_000);

  it('a remote worker that dies while uploading leaves nothing served; the retry serves a whole zip', async () => {
    const taskId = await start();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = new HttpJobHost(url, await createWorkerToken(t.deps, 'dying'));
    const spec = (await host.claim('dying', ['archive']))!;
    // Half an upload, then the connection drops (the process was killed).
    const cut = new Readable({ read() {} });
    cut.push(Buffer.alloc(64 * 1024, 1));
    setTimeout(() => cut.destroy(new Error('killed')), 50);
    await expect(
      host.putResult(spec.job_id, 'dying', {
        tag: 'archive',
        deviceId: null,
        meta: {},
        fileName: 'x.zip',
        filePath: null,
        stream: cut,
      }),
    ).rejects.toThrow();
    expect((await get(t, `/logs/${taskId}/on-ready/`, auth)).statusCode).toBe(202);
    expect((await archiveRow(taskId)).storage_key).toBeNull();
    t.clock.advance(61_000);
    expect(await sweepExpiredJobs(t.deps)).toBe(1);
    expect((await get(t, `/logs/${taskId}/on-ready/`, auth)).json()).toMatchObject({ state: 'queued' });
    expect(await runArchiveJobs(t)).toEqual(['done']);
    await expectWhole(taskId);
  });

  it('a storage error fails the archive at once with its message (500 on-ready), with nothing left behind', async () => {
    const put = t.deps.storage.put.bind(t.deps.storage);
    t.deps.storage.put = async (key, body, type) => {
      if (!key.startsWith('archives/')) return put(key, body, type);
      // Like a full disk: part of the stream is taken, then the write fails.
      if (!Buffer.isBuffer(body)) for await (const _chunk of body) break;
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const taskId = await start();
    // The server answers 507 and closes the upload; a worker that reads that answer fails the job at once.
    // Over HTTP the close may reach the worker first (a connection error, retried): each retry fails the same
    // way and the last one ends the archive with the same message.
    let failed = await get(t, `/logs/${taskId}/on-ready/`, auth);
    for (let round = 0; round < 3 && failed.statusCode !== 500; round++) {
      expect(await runArchiveJobs(t)).toEqual(['failed']);
      t.clock.advance(60_000);
      failed = await get(t, `/logs/${taskId}/on-ready/`, auth);
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      state: 'failed',
      message: 'Storing the archive failed: ENOSPC: no space left on device',
      code: 'storage_failed',
      detail: 'ENOSPC: no space left on device',
    });
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'archive')
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect(await filesUnder(taskId)).toEqual([]);
    // A new request starts a new archive rather than repeating the failed one.
    t.deps.storage.put = put;
    const retry = await start();
    expect(retry).not.toBe(taskId);
    await runArchiveJobs(t);
    await expectWhole(retry);
  });

  it('in the embedded pool (ports), a storage error fails the archive on its first attempt', async () => {
    const put = t.deps.storage.put.bind(t.deps.storage);
    t.deps.storage.put = async (key, body, type) => {
      if (!key.startsWith('archives/')) return put(key, body, type);
      if (!Buffer.isBuffer(body)) for await (const _chunk of body) break;
      throw new Error('EACCES: permission denied');
    };
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, entryUrl, idleMs: 100 });
    const taskId = await start();
    await waitFor(async () => (await archiveRow(taskId)).state === 'failed');
    const answer = await get(t, `/logs/${taskId}/on-ready/`, auth);
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'storage_failed', detail: 'EACCES: permission denied' });
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'archive')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('deletes archives after ARCHIVE_RETENTION_DAYS', async () => {
    const taskId = await start();
    await runArchiveJobs(t);
    const row = await archiveRow(taskId);
    expect(Date.parse(row.expires_at) - t.clock.now().getTime()).toBeCloseTo(2 * 86_400_000, -4);
    t.clock.advance(2 * 86_400_000 - 60_000);
    expect(await new ArchiveService(t.deps).removeExpired()).toBe(0);
    expect((await get(t, `/logs/${taskId}/on-ready/`, auth)).statusCode).toBe(200);
    t.clock.advance(120_000);
    expect((await get(t, `/logs/${taskId}/on-ready/`, auth)).statusCode).toBe(404);
    expect(await new ArchiveService(t.deps).removeExpired()).toBe(1);
    expect(await filesUnder(taskId)).toEqual([]);
    expect(await t.deps.db.selectFrom('archives').selectAll().execute()).toEqual([]);
  });
});
