import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_ERROR_CODES, UPLOAD_MESSAGES } from '@poselab/contract';
import { buildApp } from '../app';
import { pairTestPhone, TEST_VIDEO_META, testVideo, type TestPhone } from '../capture/test-phones';
import { failAbandonedUploads, recoverCaptureState, stopOverdueRecordings } from '../services/capture-sweeps';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Issue #19: the recording and upload findings (stop once, races, content, quota, abandonment, restarts). */
let t: TestApp;
let auth: string;
const phones: TestPhone[] = [];
const meta = TEST_VIDEO_META;
const VIDEO = testVideo(2_500_000);
const CHUNK = 1024 * 1024;

async function setUp(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  auth = (await createUserWithToken(t.deps)).authorization;
}
beforeEach(async () => setUp());
afterEach(async () => {
  for (const p of phones.splice(0)) p.ws.terminate();
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
const dev = (p: TestPhone) => ({ authorization: `Device ${p.token}` });

async function newSession(): Promise<{ id: string; secret: string }> {
  const [s] = (await get('/api/sessions/new/')).json<Array<{ id: string }>>();
  const row = await t.deps.db
    .selectFrom('sessions')
    .select('pairing_secret')
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow();
  return { id: s.id, secret: row.pairing_secret };
}

async function recordedTrial(
  name = 'walk',
): Promise<{ sessionId: string; trialId: string; a: TestPhone; b: TestPhone }> {
  const s = await newSession();
  const a = await pairTestPhone(t, s);
  const b = await pairTestPhone(t, s);
  phones.push(a, b);
  const rec = await get(`/api/sessions/${s.id}/record/?name=${name}`);
  expect(rec.statusCode, rec.body).toBe(200);
  return { sessionId: s.id, trialId: rec.json<{ id: string }>().id, a, b };
}

const startUpload = (p: TestPhone, trialId: string, bytes = VIDEO, m: object = meta) =>
  t.app.inject({
    method: 'POST',
    url: '/api/capture/uploads/',
    headers: dev(p),
    payload: { trial_id: trialId, total_bytes: bytes.length, meta: m },
  });
const put = (p: TestPhone, uploadId: string, offset: number, bytes: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/capture/uploads/${uploadId}/?offset=${offset}`,
    headers: { ...dev(p), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const complete = (p: TestPhone, uploadId: string) =>
  t.app.inject({ method: 'POST', url: `/api/capture/uploads/${uploadId}/complete/`, headers: dev(p) });

async function uploadAll(p: TestPhone, trialId: string, bytes = VIDEO): Promise<number> {
  const id = (await startUpload(p, trialId, bytes)).json<{ upload_id: string }>().upload_id;
  for (let off = 0; off < bytes.length; off += CHUNK) {
    expect((await put(p, id, off, bytes.subarray(off, off + CHUNK))).statusCode).toBe(200);
  }
  return (await complete(p, id)).statusCode;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('recording and uploads under attack and faults', () => {
  it('sends each phone one stop per recording, whoever stops it', async () => {
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    await get(`/api/sessions/${sessionId}/stop/`);
    await stopOverdueRecordings(t.deps);
    await sleep(150);
    for (const p of [a, b]) {
      expect(p.messages.filter((m) => m.type === 'stop' && m.trial_id === trialId)).toHaveLength(1);
    }
  });

  it('gives two parallel upload starts of one trial and phone the same upload', async () => {
    const { sessionId, trialId, a } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    const [x, y] = await Promise.all([startUpload(a, trialId), startUpload(a, trialId)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().upload_id).toBe(y.json().upload_id);
    expect(await t.deps.db.selectFrom('uploads').selectAll().execute()).toHaveLength(1);
  });

  it('takes one of several parallel chunks at one offset; the file stays intact and completes', async () => {
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    const id = (await startUpload(a, trialId)).json<{ upload_id: string }>().upload_id;
    const first = VIDEO.subarray(0, CHUNK);
    const answers = await Promise.all(Array.from({ length: 5 }, () => put(a, id, 0, first)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const second = await Promise.all(
      Array.from({ length: 3 }, () => put(a, id, CHUNK, VIDEO.subarray(CHUNK, 2 * CHUNK))),
    );
    expect(second.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await put(a, id, 2 * CHUNK, VIDEO.subarray(2 * CHUNK))).statusCode).toBe(200);
    expect((await complete(a, id)).statusCode).toBe(200);
    expect(await uploadAll(b, trialId)).toBe(200);
    const video = await t.deps.db
      .selectFrom('videos')
      .selectAll()
      .where('device_id', '=', a.deviceId)
      .executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const c of await t.deps.storage.get(video.storage_key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(VIDEO)).toBe(true);
    const st = (await get(`/api/sessions/${sessionId}/status/`)).json();
    expect(st).toMatchObject({ status: 'stopped', n_videos_uploaded: 2 });
  });

  it('refuses bytes that are not the declared video type at the first chunk, storing nothing', async () => {
    const { sessionId, trialId, a } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>'.padEnd(4000, ' '));
    const id = (await startUpload(a, trialId, html)).json<{ upload_id: string }>().upload_id;
    const r = await put(a, id, 0, html);
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toBe(UPLOAD_MESSAGES.notThisType('mp4'));
    // A WebM announced as MP4 is refused too; announced as WebM it passes the signature check.
    const webm = testVideo(0, 'webm');
    const asMp4 = (await startUpload(a, trialId, webm)).json<{ upload_id: string }>().upload_id;
    expect((await put(a, asMp4, 0, webm)).statusCode).toBe(415);
    const asWebm = (await startUpload(a, trialId, webm, { ...meta, mime: 'video/webm;codecs=vp8' })).json<{
      upload_id: string;
    }>().upload_id;
    expect((await put(a, asWebm, 0, webm)).statusCode).toBe(200);
    expect((await complete(a, asWebm)).statusCode).toBe(200);
  });

  it('probes the file before the trial is queued: an MP4 header over garbage fails the trial, naming the phone', async () => {
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    const fake = Buffer.concat([VIDEO.subarray(0, 32), Buffer.alloc(200_000, 7)]);
    const id = (await startUpload(a, trialId, fake)).json<{ upload_id: string }>().upload_id;
    expect((await put(a, id, 0, fake)).statusCode).toBe(200);
    const done = await complete(a, id);
    expect(done.statusCode).toBe(422);
    const trial = await t.deps.db
      .selectFrom('trials')
      .selectAll()
      .where('id', '=', trialId)
      .executeTakeFirstOrThrow();
    expect(trial.status).toBe('error');
    const m = JSON.parse(trial.meta);
    expect(m.error_msg).toBe(UPLOAD_MESSAGES.unreadable('Camera 1 (Test phone)'));
    expect(m.error_code).toBe(UPLOAD_ERROR_CODES.unreadable);
    expect(await t.deps.db.selectFrom('videos').selectAll().execute()).toHaveLength(0);
    expect(await t.deps.db.selectFrom('jobs').selectAll().execute()).toHaveLength(0);
    expect(await b.next('cancel')).toMatchObject({ trial_id: trialId });
  });

  it('answers nosniff on media, and a video as video/mp4 only', async () => {
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    await uploadAll(a, trialId);
    await uploadAll(b, trialId);
    const st = (await get(`/api/sessions/${sessionId}/status/?ret_session=true`)).json();
    const media = await t.app.inject({ method: 'GET', url: st.session.trials[0].videos[0].video });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an upload past the storage quota with a clear message', async () => {
    await t.close();
    await setUp({ STORAGE_QUOTA_GB: String(4_000_000 / 1024 ** 3) });
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    expect(await uploadAll(a, trialId)).toBe(200);
    const full = await startUpload(b, trialId);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toMatch(/^Your storage is full: 0\.002 GB of 0\.004 GB are used\./);
  });

  it('checks the token before reading a body: an unauthenticated 8 MB chunk is refused at once', async () => {
    const { sessionId, trialId, a } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    const id = (await startUpload(a, trialId)).json<{ upload_id: string }>().upload_id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: `/api/capture/uploads/${id}/?offset=0`,
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(8 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.setTimeout(3000, () => reject(new Error('no answer before the body was sent')));
      // Only the headers and a first kilobyte go out: the answer must not wait for the other 8 MB.
      req.write(Buffer.alloc(1024));
    });
    expect(status).toBe(401);
  });

  it('lets the user see which phone a recording waits for, and cancel it', async () => {
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    expect(await uploadAll(a, trialId)).toBe(200);
    const partial = (await startUpload(b, trialId)).json<{ upload_id: string }>().upload_id;
    await put(b, partial, 0, VIDEO.subarray(0, CHUNK));
    b.ws.terminate();
    let st = (await get(`/api/sessions/${sessionId}/status/`)).json();
    for (let i = 0; i < 20 && st.waiting_for?.[0]?.connected; i++) {
      await sleep(50);
      st = (await get(`/api/sessions/${sessionId}/status/`)).json();
    }
    expect(st.status).toBe('uploading');
    expect(st.waiting_for).toEqual([
      {
        id: b.deviceId,
        name: 'Camera 2',
        model: 'Test phone',
        connected: false,
        received_bytes: CHUNK,
        total_bytes: VIDEO.length,
      },
    ]);
    expect((await get(`/api/sessions/${sessionId}/cancel_trial/`)).json()).toEqual({ cancelled: trialId });
    expect((await get(`/api/sessions/${sessionId}/status/`)).json().status).toBe('ready');
  });

  it('fails uploads abandoned for 24 hours, naming the phone, and removes their bytes', async () => {
    const { sessionId, trialId, a, b } = await recordedTrial();
    await get(`/api/sessions/${sessionId}/stop/`);
    expect(await uploadAll(a, trialId)).toBe(200);
    const partial = (await startUpload(b, trialId)).json<{ upload_id: string }>().upload_id;
    await put(b, partial, 0, VIDEO.subarray(0, CHUNK));
    const part = await t.deps.db.selectFrom('uploads').select('storage_key').executeTakeFirstOrThrow();
    t.clock.advance(23 * 3600_000);
    expect(await failAbandonedUploads(t.deps)).toBe(0);
    t.clock.advance(3600_000 + 1000);
    expect(await failAbandonedUploads(t.deps)).toBe(1);
    const trial = await t.deps.db
      .selectFrom('trials')
      .selectAll()
      .where('id', '=', trialId)
      .executeTakeFirstOrThrow();
    expect(trial.status).toBe('error');
    expect(JSON.parse(trial.meta)).toMatchObject({
      error_msg: UPLOAD_MESSAGES.abandoned('Camera 2 (Test phone)'),
      error_code: UPLOAD_ERROR_CODES.abandoned,
      error_params: { phones: ['Camera 2 (Test phone)'] },
    });
    expect(await t.deps.db.selectFrom('uploads').selectAll().execute()).toHaveLength(0);
    expect(await t.deps.storage.stat(part.storage_key)).toBeNull();
    // The phone, were it still holding the video, is told to drop it and can no longer upload into it.
    expect(await b.next('cancel')).toMatchObject({ trial_id: trialId });
  });

  it('after a restart, stops recordings past their time limit and tells phones that come back recording', async () => {
    const { trialId, a } = await recordedTrial('jump');
    // The process dies: its timers are gone. A new one starts over the same database 70 s later.
    const restarted = { ...t.deps };
    const app2 = await buildApp(restarted, { serveWeb: false });
    try {
      t.clock.advance(70_000);
      await recoverCaptureState(restarted);
      const trial = await t.deps.db
        .selectFrom('trials')
        .selectAll()
        .where('id', '=', trialId)
        .executeTakeFirstOrThrow();
      expect(trial.status).toBe('stopped');
      // The phone reconnects to the new process, still recording: it is told to stop.
      await app2.ready();
      const ws = await app2.injectWS('/api/capture/ws');
      const got: Array<{ type: string; trial_id?: string }> = [];
      ws.on('message', (raw) => got.push(JSON.parse(String(raw))));
      ws.send(JSON.stringify({ type: 'hello', token: a.token }));
      for (let i = 0; i < 40 && !got.some((m) => m.type === 'welcome'); i++) await sleep(25);
      ws.send(JSON.stringify({ type: 'state', state: 'recording', trial_id: trialId }));
      for (let i = 0; i < 40 && !got.some((m) => m.type === 'stop'); i++) await sleep(25);
      expect(got.find((m) => m.type === 'stop')).toMatchObject({ trial_id: trialId });
      ws.terminate();
    } finally {
      await app2.close();
    }
  });

  it('after a restart, a recording still within its limit gets its timer back', async () => {
    const { trialId } = await recordedTrial('calibration');
    const restarted = { ...t.deps };
    const app2 = await buildApp(restarted, { serveWeb: false });
    try {
      await recoverCaptureState(restarted);
      const status = async () =>
        (
          await t.deps.db
            .selectFrom('trials')
            .select('status')
            .where('id', '=', trialId)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await status()).toBe('recording');
      // Calibration stops itself after 4 s of (real) time.
      for (let i = 0; i < 60 && (await status()) === 'recording'; i++) await sleep(100);
      expect(await status()).toBe('stopped');
    } finally {
      await app2.close();
    }
  });
});
