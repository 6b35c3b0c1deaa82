import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { enqueueProcessing, sweepExpiredJobs, WORKER_LOST_MESSAGE } from './queue';
import {
  insertDevices,
  insertSession,
  insertTrialWithVideos,
  workerAuthorization,
} from './processing-fixtures';

/** Job queue and worker protocol over HTTP: lease, heartbeat, expiry, retries, failure words, completion. */
describe('processing queue and worker protocol', () => {
  let t: TestApp;
  let worker: string;
  let user: Awaited<ReturnType<typeof createUserWithToken>>;
  let trialId: string;

  beforeEach(async () => {
    t = await createTestApp({ LOG_LEVEL: 'silent' });
    worker = await workerAuthorization(t.deps);
    user = await createUserWithToken(t.deps, {}, { verified: true });
    const sessionId = await insertSession(t.deps, user.user.id);
    const devices = await insertDevices(t.deps, sessionId, ['phone A', 'phone B']);
    trialId = await insertTrialWithVideos(t.deps, sessionId, 'calibration', [
      { deviceId: devices[0], bytes: Buffer.from('video-a') },
      { deviceId: devices[1], bytes: Buffer.from('video-b') },
    ]);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object, authorization = worker) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization }, payload });
  const claim = async (workerId: string) =>
    (await post('/worker/jobs/claim/', { worker_id: workerId })).json().job;
  const trial = () =>
    t.deps.db.selectFrom('trials').selectAll().where('id', '=', trialId).executeTakeFirstOrThrow();
  const job = () =>
    t.deps.db.selectFrom('jobs').selectAll().where('trial_id', '=', trialId).executeTakeFirstOrThrow();

  it('refuses calls without a worker token', async () => {
    const res = await post('/worker/jobs/claim/', { worker_id: 'w' }, user.authorization);
    expect(res.statusCode).toBe(401);
  });

  it('hands a job to one worker, reports progress, streams videos and finishes the trial', async () => {
    expect(await claim('w1')).toBeNull();
    await enqueueProcessing(t.deps, trialId);
    const spec = await claim('w1');
    expect(spec).toMatchObject({ kind: 'calibration', attempt: 1, max_attempts: 3, trial: { id: trialId } });
    expect(spec.videos).toHaveLength(2);
    expect(await claim('w2')).toBeNull();
    expect((await trial()).status).toBe('processing');

    const hb = await post(`/worker/jobs/${spec.job_id}/heartbeat/`, {
      worker_id: 'w1',
      percent: 42,
      message: 'Finding the checkerboard',
    });
    expect(hb.statusCode).toBe(200);
    expect(await trial()).toMatchObject({
      progress_percent: 42,
      progress_message: 'Finding the checkerboard',
    });
    expect((await post(`/worker/jobs/${spec.job_id}/heartbeat/`, { worker_id: 'w2' })).statusCode).toBe(409);

    const video = await t.app.inject({
      method: 'GET',
      url: `/api/worker/jobs/${spec.job_id}/videos/${spec.videos[1].id}/`,
      headers: { authorization: worker },
    });
    expect(video.body).toBe('video-b');

    const form = new FormData();
    form.set('worker_id', 'w1');
    form.set('tag', 'calibration-img');
    form.set('device_id', spec.videos[0].device_id);
    form.set('meta', JSON.stringify({ ok: true }));
    form.set('file', new Blob([Buffer.from('png-bytes')]), 'calibration-img-1.png');
    const req = new Request('http://x', { method: 'POST', body: form });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/worker/jobs/${spec.job_id}/results/`,
      headers: { authorization: worker, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(up.statusCode).toBe(200);

    const done = await post(`/worker/jobs/${spec.job_id}/complete/`, {
      worker_id: 'w1',
      message: '2 devices calibrated successfully.',
      trial_meta: { timings: { total_s: 1 } },
    });
    expect(done.statusCode).toBe(200);
    expect(await trial()).toMatchObject({
      status: 'done',
      progress_percent: 100,
      progress_message: '2 devices calibrated successfully.',
    });
    expect((await job()).status).toBe('done');

    // The stored image is served to the owner only.
    const dto = await t.app.inject({
      method: 'GET',
      url: `/api/trials/${trialId}/`,
      headers: { authorization: user.authorization },
    });
    if (dto.statusCode === 200) {
      const media = (dto.json().results as Array<{ tag: string; media: string }>).find(
        (r) => r.tag === 'calibration-img',
      )!.media;
      expect(media).toContain('/api/media/');
    }
    const rows = await t.deps.db.selectFrom('results').selectAll().where('trial_id', '=', trialId).execute();
    expect(rows.map((r) => r.tag)).toEqual(['calibration-img']);
    const plain = await t.app.inject({ method: 'GET', url: `/api/media/${rows[0].storage_key}` });
    expect(plain.statusCode).not.toBe(200);
    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/media/${rows[0].storage_key}`,
      headers: { authorization: user.authorization },
    });
    expect(owner.body).toBe('png-bytes');
  });

  it('gives an expired lease to another worker, and fails the trial after 3 silent attempts', async () => {
    await enqueueProcessing(t.deps, trialId);
    const first = await claim('w1');
    t.clock.advance(61_000);
    const second = await claim('w2');
    expect(second).toMatchObject({ job_id: first.job_id, attempt: 2 });
    // The first worker learns it lost the job.
    expect((await post(`/worker/jobs/${first.job_id}/heartbeat/`, { worker_id: 'w1' })).statusCode).toBe(409);
    t.clock.advance(61_000);
    expect(await claim('w3')).toMatchObject({ attempt: 3 });
    t.clock.advance(61_000);
    expect(await sweepExpiredJobs(t.deps)).toBe(1);
    expect(await claim('w4')).toBeNull();
    const tr = await trial();
    expect(tr.status).toBe('error');
    expect(JSON.parse(tr.meta).error_msg).toBe(WORKER_LOST_MESSAGE);
    expect((await job()).status).toBe('failed');
  });

  it('retries failures of the software but not failures of the recording', async () => {
    await enqueueProcessing(t.deps, trialId);
    let spec = await claim('w1');
    await post(`/worker/jobs/${spec.job_id}/fail/`, {
      worker_id: 'w1',
      user_message: 'Processing failed.',
      detail: 'TypeError at x',
      retryable: true,
    });
    expect((await trial()).status).toBe('stopped');
    expect(await claim('w1')).toBeNull(); // waits out the retry delay
    t.clock.advance(10_000);
    spec = await claim('w1');
    expect(spec.attempt).toBe(2);
    const board = 'Checkerboard not found in camera 2 (phone B).';
    await post(`/worker/jobs/${spec.job_id}/fail/`, {
      worker_id: 'w1',
      user_message: board,
      detail: 'x',
      retryable: false,
    });
    const tr = await trial();
    expect(tr.status).toBe('error');
    expect(JSON.parse(tr.meta).error_msg).toBe(board);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${tr.session_id}/calibration_img/`,
      headers: { authorization: user.authorization },
    });
    expect(status.json()).toEqual({ status: 'error' });
  });

  it('reprocess re-queues a finished trial and cancels nothing twice', async () => {
    await enqueueProcessing(t.deps, trialId);
    const spec = await claim('w1');
    await post(`/worker/jobs/${spec.job_id}/complete/`, { worker_id: 'w1' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/trials/${trialId}/reprocess/`,
      headers: { authorization: user.authorization },
    });
    expect(res.json()).toEqual({ id: trialId, status: 'reprocess' });
    const tr = await trial();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${tr.session_id}/calibration_img/`,
      headers: { authorization: user.authorization },
    });
    expect(status.json()).toEqual({ status: 'processing' });
    expect((await claim('w2')).attempt).toBe(1);
    const other = await createUserWithToken(t.deps, {}, { verified: true });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/trials/${trialId}/reprocess/`,
      headers: { authorization: other.authorization },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('never hands one job to two workers claiming at the same time', async () => {
    const tr = await trial();
    const devices = await t.deps.db
      .selectFrom('devices')
      .select('id')
      .where('session_id', '=', tr.session_id)
      .execute();
    const trials = [trialId];
    for (let i = 0; i < 3; i++)
      trials.push(
        await insertTrialWithVideos(
          t.deps,
          tr.session_id,
          'calibration',
          devices.map((d) => ({ deviceId: d.id, bytes: Buffer.from('v') })),
        ),
      );
    for (const id of trials) await enqueueProcessing(t.deps, id);
    const specs = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(`w${i}`)));
    const claimed = specs.filter(Boolean).map((s) => s.job_id);
    expect(claimed).toHaveLength(4);
    expect(new Set(claimed).size).toBe(4);
  });

  it('fails a neutral trial at once when the session has no calibration', async () => {
    const tr = await trial();
    const devices = await t.deps.db
      .selectFrom('devices')
      .select('id')
      .where('session_id', '=', tr.session_id)
      .orderBy('created_at')
      .execute();
    const neutral = await insertTrialWithVideos(
      t.deps,
      tr.session_id,
      'neutral',
      devices.map((d) => ({ deviceId: d.id, bytes: Buffer.from('v') })),
    );
    await enqueueProcessing(t.deps, neutral);
    expect(await claim('w1')).toBeNull();
    const row = await t.deps.db
      .selectFrom('trials')
      .selectAll()
      .where('id', '=', neutral)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('error');
    expect(JSON.parse(row.meta).error_msg).toBe(
      'No cameras have been calibrated. Please go back and calibrate your cameras.',
    );
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${tr.session_id}/neutral_img/`,
      headers: { authorization: user.authorization },
    });
    expect(status.json()).toEqual({ status: 'error' });
  });
});
