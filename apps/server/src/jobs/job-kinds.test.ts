import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRIAL_JOB_KINDS, type ArchiveJobSpec } from '@poselab/contract';
import { HttpJobHost, runJob, type Processor, type Processors } from '@poselab/worker';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { copyJobHandler, type CopyJobLog } from './copy-job.test-handler';
import { startEmbeddedPool, type EmbeddedPool } from './embedded-pool';
import { jobKindHandlers } from './kinds';
import { enqueueJob, sweepExpiredJobs, WORKER_LOST_MESSAGE } from './queue';
import { createWorkerToken } from './worker-tokens';

const entryUrl = new URL('./embedded-pool.test-entry.ts', import.meta.url).href;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Job kinds beyond trial processing run on the same queue: a kind's handler gives the spec and inputs,
 * stores outputs and hears of completion, retries and failure; workers claim only kinds they can run;
 * inputs and outputs stream without being written down (HTTP for remote workers, ports for threads).
 */
describe('job kinds on the queue', () => {
  let t: TestApp;
  let log: CopyJobLog;
  let userId: string;
  let pool: EmbeddedPool | null = null;
  const previous = jobKindHandlers.archive;
  const source = randomBytes(3 * 1024 * 1024 + 17);

  beforeEach(async () => {
    t = await createTestApp();
    log = { events: [], outputs: [] };
    jobKindHandlers.archive = copyJobHandler(log);
    userId = (await createUserWithToken(t.deps, {}, { verified: true })).user.id;
    await t.deps.storage.put('test-inputs/source.bin', source);
  });
  afterEach(async () => {
    await pool?.stop();
    pool = null;
    if (previous) jobKindHandlers.archive = previous;
    else delete jobKindHandlers.archive;
    await t.close();
  });

  const enqueueCopy = () =>
    enqueueJob(t.deps, { kind: 'archive', userId, payload: { source_key: 'test-inputs/source.bin' } });
  const jobRow = (id: string) =>
    t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a remote worker claims only the kinds it runs, streams the input down and the output up', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = new HttpJobHost(url, await createWorkerToken(t.deps, 'test'));
    const job = await enqueueCopy();
    expect(await host.claim('trials-only', TRIAL_JOB_KINDS)).toBeNull();

    const spec = (await host.claim('remote-1', ['archive']))!;
    expect(spec).toMatchObject({
      kind: 'archive',
      job_id: job.id,
      payload: { source_key: expect.any(String) },
    });
    let bytesSeen = 0;
    const copy: Processor<ArchiveJobSpec> = async (ctx) => {
      const counting = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          bytesSeen += chunk.length;
          cb(null, chunk);
        },
      });
      const input = await ctx.openInput('file:source');
      await ctx.putResult({
        tag: 'copy',
        deviceId: null,
        meta: { note: 'ä' },
        fileName: 'copy.bin',
        filePath: null,
        stream: input.pipe(counting),
      });
      return { message: 'Copied' };
    };
    const never: Processor = async () => ({ message: 'never' });
    const processors: Processors = { calibration: never, neutral: never, dynamic: never, archive: copy };
    expect(await runJob(host, 'remote-1', spec, processors)).toBe('done');

    expect(bytesSeen).toBe(source.length);
    expect(log.outputs).toHaveLength(1);
    expect(log.outputs[0]).toMatchObject({ tag: 'copy', meta: { note: 'ä' } });
    expect(sha(await readAll(await t.deps.storage.get(log.outputs[0].key)))).toBe(sha(source));
    expect(log.events).toEqual(['claimed:1', 'completed:Copied']);
    expect((await jobRow(job.id)).status).toBe('done');
  });

  it('a worker may read only the inputs its job names', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await createWorkerToken(t.deps, 'test');
    const job = await enqueueCopy();
    const host = new HttpJobHost(url, token);
    await host.claim('remote-1', ['archive']);
    await expect(host.openInput(job.id, 'file:other')).rejects.toMatchObject({ status: 404 });
    const res = await fetch(`${url}/api/worker/jobs/${job.id}/inputs/file%3Asource/`);
    expect(res.status).toBe(401);
  });

  it('an embedded worker thread streams through ports, with backpressure, to the same result', async () => {
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, entryUrl, idleMs: 100 });
    const job = await enqueueCopy();
    await waitFor(async () => (await jobRow(job.id)).status === 'done');
    expect(log.outputs).toHaveLength(1);
    expect(sha(await readAll(await t.deps.storage.get(log.outputs[0].key)))).toBe(sha(source));
    expect(log.events.at(-1)).toBe('completed:Copied');
  });

  it("a silent worker's job is given back to the queue, then failed, through its kind's handler", async () => {
    const job = await enqueueJob(t.deps, {
      kind: 'archive',
      userId,
      payload: { source_key: 'test-inputs/source.bin' },
      maxAttempts: 2,
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = new HttpJobHost(url, await createWorkerToken(t.deps, 'test'));
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await host.claim('silent', ['archive']))?.attempt).toBe(attempt);
      t.clock.advance(120_000);
      expect(await sweepExpiredJobs(t.deps)).toBe(1);
    }
    expect(log.events.filter((e) => e.startsWith('requeued:'))).toHaveLength(1);
    expect(log.events.at(-1)).toBe(`failed:${WORKER_LOST_MESSAGE}`);
    expect((await jobRow(job.id)).status).toBe('failed');
  });

  it('cannot queue a kind without a handler', async () => {
    delete jobKindHandlers.archive;
    await expect(enqueueJob(t.deps, { kind: 'archive', userId })).rejects.toThrow(/No handler/);
  });
});
