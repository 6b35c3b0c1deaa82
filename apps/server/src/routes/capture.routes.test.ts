import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES, FILTER_WARNINGS } from '@poselab/contract';
import { pairTestPhone, TEST_VIDEO_META, testVideo, type TestPhone } from '../capture/test-phones';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let auth: string;
const phones: TestPhone[] = [];

beforeEach(async () => {
  t = await createTestApp();
  auth = (await createUserWithToken(t.deps)).authorization;
});
afterEach(async () => {
  for (const p of phones.splice(0)) p.ws.terminate();
  await t.close();
});

async function get(url: string, authorization: string | null = auth) {
  return t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
}

async function newSession(): Promise<{ id: string; secret: string; qrcode: string }> {
  const res = await get('/api/sessions/new/');
  expect(res.statusCode).toBe(200);
  const [s] = res.json<Array<{ id: string; qrcode: string }>>();
  const row = await t.deps.db
    .selectFrom('sessions')
    .select('pairing_secret')
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow();
  return { id: s.id, secret: row.pairing_secret, qrcode: s.qrcode };
}

async function pair(s: { id: string; secret: string }, framerates = [60]): Promise<TestPhone> {
  const p = await pairTestPhone(t, s, framerates);
  phones.push(p);
  return p;
}

const VIDEO = testVideo(2_500_000);
const meta = TEST_VIDEO_META;

async function upload(phone: TestPhone, trialId: string, bytes = VIDEO): Promise<string> {
  const dev = { authorization: `Device ${phone.token}` };
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/capture/uploads/',
    headers: dev,
    payload: { trial_id: trialId, total_bytes: bytes.length, meta },
  });
  expect(start.statusCode).toBe(200);
  const { upload_id } = start.json<{ upload_id: string }>();
  for (let off = 0; off < bytes.length; off += 1024 * 1024) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/capture/uploads/${upload_id}/?offset=${off}`,
      headers: { ...dev, 'content-type': 'application/octet-stream' },
      payload: bytes.subarray(off, off + 1024 * 1024),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/capture/uploads/${upload_id}/complete/`,
    headers: dev,
  });
  expect(done.statusCode, done.body).toBe(200);
  return upload_id;
}

describe('capture: sessions, pairing and recording', () => {
  it('creates a session whose QR encodes the capture URL with the secret in the fragment', async () => {
    const s = await newSession();
    expect(s.qrcode).toMatch(/^data:image\/png;base64,/);
    const qr = (await get(`/api/sessions/${s.id}/get_qr/`)).json<{ url: string }>();
    expect(qr.url).toBe(`http://localhost:8080/capture/${s.id}#${s.secret}`);
  });

  it('refuses pairing with a wrong secret and counts connected phones live', async () => {
    const s = await newSession();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/capture/pair/',
      payload: { session_id: s.id, secret: 'nope', capabilities: { framerates: [60], width: 1, height: 1 } },
    });
    expect(bad.statusCode).toBe(403);
    await pair(s);
    const p2 = await pair(s);
    expect((await get(`/api/sessions/${s.id}/status/`)).json()).toMatchObject({
      status: 'ready',
      n_cameras_connected: 2,
    });
    // A reload: the same token on a new socket replaces the old one and still counts once.
    const ws = await t.app.injectWS('/api/capture/ws');
    const welcome = new Promise((r) => ws.once('message', r));
    ws.send(JSON.stringify({ type: 'hello', token: p2.token }));
    await welcome;
    expect((await get(`/api/sessions/${s.id}/status/`)).json().n_cameras_connected).toBe(2);
    ws.terminate();
  });

  it('slows down guessing: 30 wrong secrets from one address, then 429', async () => {
    const s = await newSession();
    const attempt = (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/capture/pair/',
        payload: { session_id: s.id, secret, capabilities: { framerates: [60], width: 1, height: 1 } },
      });
    for (let i = 0; i < 30; i++) expect((await attempt(`wrong${i}`)).statusCode).toBe(403);
    expect((await attempt(s.secret)).statusCode).toBe(429);
  });

  it('needs 2 connected phones to record (SPEC §8 message)', async () => {
    const s = await newSession();
    await pair(s);
    const res = await get(`/api/sessions/${s.id}/record/?name=calibration`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DEVICE_MESSAGES.notEnoughDevices(1));
  });

  it('records, stops, takes resumable uploads and queues processing once every video is in', async () => {
    const s = await newSession();
    const [a, b] = [await pair(s), await pair(s)];
    const rec = await get(`/api/sessions/${s.id}/record/?name=walk_1`);
    expect(rec.statusCode, rec.body).toBe(200);
    const trialId = rec.json<{ id: string }>().id;
    expect(rec.json()).toMatchObject({ max_seconds: 60, n_devices: 2 });
    expect(await a.next('record')).toMatchObject({ trial_id: trialId, framerate: 60, max_seconds: 60 });
    await b.next('record');
    expect((await get(`/api/sessions/${s.id}/status/`)).json().status).toBe('recording');

    const stop = await get(`/api/sessions/${s.id}/stop/`);
    expect(stop.json()).toEqual({ status: 'uploading', id: trialId });
    await a.next('stop');

    // Phone A: the second chunk arrives at a wrong offset, then it asks again and resumes.
    const dev = { authorization: `Device ${a.token}` };
    const startRes = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: dev,
      payload: { trial_id: trialId, total_bytes: VIDEO.length, meta },
    });
    const uploadId = startRes.json<{ upload_id: string }>().upload_id;
    const put = (off: number, len: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/capture/uploads/${uploadId}/?offset=${off}`,
        headers: { ...dev, 'content-type': 'application/octet-stream' },
        payload: VIDEO.subarray(off, off + len),
      });
    expect((await put(0, 1_000_000)).statusCode).toBe(200);
    expect((await put(5, 10)).statusCode).toBe(409);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/capture/uploads/${uploadId}/complete/`,
      headers: dev,
    });
    expect(early.statusCode).toBe(409);
    expect(await t.deps.db.selectFrom('videos').selectAll().execute()).toHaveLength(0);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: dev,
      payload: { trial_id: trialId, total_bytes: VIDEO.length, meta },
    });
    expect(again.json()).toEqual({ upload_id: uploadId, received_bytes: 1_000_000, complete: false });
    expect((await put(1_000_000, 1_500_000)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/capture/uploads/${uploadId}/complete/`,
          headers: dev,
        })
      ).statusCode,
    ).toBe(200);

    let st = (await get(`/api/sessions/${s.id}/status/`)).json();
    expect(st).toMatchObject({ status: 'uploading', n_videos_uploaded: 1, n_videos_expected: 2 });
    await upload(b, trialId);
    st = (await get(`/api/sessions/${s.id}/status/?ret_session=true`)).json();
    expect(st).toMatchObject({ status: 'stopped', n_videos_uploaded: 2 });
    expect(st.session.trials[0].videos).toHaveLength(2);

    const videos = await t.deps.db.selectFrom('videos').selectAll().where('trial_id', '=', trialId).execute();
    expect(videos[0]).toMatchObject({
      fps: 60,
      width: 1080,
      height: 1920,
      model: 'Pixel',
      start_time_ms: meta.start_time_ms,
      size_bytes: VIDEO.length,
    });
    expect(JSON.parse(videos[0].frame_timestamps!)).toEqual(meta.frame_timestamps);
    const media = await t.app.inject({ method: 'GET', url: st.session.trials[0].videos[0].video });
    expect(media.rawPayload.equals(VIDEO)).toBe(true);
    const jobs = await t.deps.db.selectFrom('jobs').selectAll().where('trial_id', '=', trialId).execute();
    expect(jobs).toHaveLength(1);
    expect(await t.deps.db.selectFrom('uploads').selectAll().execute()).toHaveLength(0);

    // A repeated upload of the same video is answered as complete.
    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: dev,
      payload: { trial_id: trialId, total_bytes: VIDEO.length, meta },
    });
    expect(repeat.json()).toMatchObject({ complete: true });
  });

  it('refuses record, stop and uploads with only a session id and no token', async () => {
    const s = await newSession();
    const [a, b] = [await pair(s), await pair(s)];
    for (const path of ['record/?name=x', 'stop/', 'cancel_trial/', 'status/']) {
      expect((await get(`/api/sessions/${s.id}/${path}`, null)).statusCode).toBe(401);
    }
    const other = (await createUserWithToken(t.deps)).authorization;
    expect((await get(`/api/sessions/${s.id}/record/?name=x`, other)).statusCode).toBe(404);
    const trialId = (await get(`/api/sessions/${s.id}/record/?name=x`)).json<{ id: string }>().id;
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      payload: { trial_id: trialId, total_bytes: 10, meta },
    });
    expect(noToken.statusCode).toBe(401);
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: { authorization: `Device ${s.secret}` },
      payload: { trial_id: trialId, total_bytes: 10, meta },
    });
    expect(badToken.statusCode).toBe(401);
    const putNoToken = await t.app.inject({
      method: 'PUT',
      url: '/api/capture/uploads/whatever/?offset=0',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(5),
    });
    expect(putNoToken.statusCode).toBe(401);
    // A phone of another session cannot upload into this trial.
    const s2 = await newSession();
    const stranger = await pair(s2);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: { authorization: `Device ${stranger.token}` },
      payload: { trial_id: trialId, total_bytes: 10, meta },
    });
    expect(foreign.statusCode).toBe(404);
    void a;
    void b;
  });

  it('a phone that missed the stop while offline is told when it reports still recording', async () => {
    const s = await newSession();
    const [a] = [await pair(s), await pair(s)];
    const trialId = (await get(`/api/sessions/${s.id}/record/?name=run`)).json<{ id: string }>().id;
    await get(`/api/sessions/${s.id}/stop/`);
    await a.next('stop');
    a.ws.send(JSON.stringify({ type: 'state', state: 'recording', trial_id: trialId }));
    expect(await a.next('stop')).toMatchObject({ trial_id: trialId });
  });

  it('answers clock pings with the server time', async () => {
    const s = await newSession();
    const a = await pair(s);
    a.ws.send(JSON.stringify({ type: 'ping', t0: 123.5 }));
    const pong = await a.next('pong');
    expect(pong).toMatchObject({ t0: 123.5, server_time: t.clock.now().getTime() });
  });

  it('cancel discards the trial and tells the phones', async () => {
    const s = await newSession();
    const [a] = [await pair(s), await pair(s)];
    const trialId = (await get(`/api/sessions/${s.id}/record/?name=jump`)).json<{ id: string }>().id;
    expect((await get(`/api/sessions/${s.id}/cancel_trial/`)).json()).toEqual({ cancelled: trialId });
    expect(await a.next('cancel')).toMatchObject({ trial_id: trialId });
    expect(await t.deps.db.selectFrom('trials').selectAll().execute()).toHaveLength(0);
  });

  it('rejects trial names outside alpha_dash_custom', async () => {
    const s = await newSession();
    await pair(s);
    await pair(s);
    const res = await get(`/api/sessions/${s.id}/record/?name=${encodeURIComponent('my walk')}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('capture: settings, subjects and new session same setup', () => {
  it('set_metadata stores the checkerboard and settings with the filter frequency rules', async () => {
    const s = await newSession();
    let r = await get(
      `/api/sessions/${s.id}/set_metadata/?cb_rows=5&cb_cols=6&cb_square=40&cb_placement=Lying`,
    );
    expect(r.json().meta.checkerboard).toEqual({ rows: 5, cols: 6, square_size_mm: 40, placement: 'Lying' });
    r = await get(`/api/sessions/${s.id}/set_metadata/?settings_framerate=120&settings_filter_frequency=100`);
    expect(r.json().warnings).toEqual([FILTER_WARNINGS.tooLarge(60)]);
    expect(r.json().meta.settings).toMatchObject({ framerate: 120, filter_frequency: 60 });
    r = await get(`/api/sessions/${s.id}/set_metadata/?settings_filter_frequency=abc`);
    expect(r.json().warnings).toEqual([FILTER_WARNINGS.invalid]);
    expect(r.json().meta.settings.filter_frequency).toBe('default');
    r = await get(`/api/sessions/${s.id}/set_metadata/?settings_framerate=90`);
    expect(r.statusCode).toBe(400);
  });

  it('get_session_settings lists framerates every connected phone supports', async () => {
    const s = await newSession();
    expect((await get(`/api/sessions/${s.id}/get_session_settings/`)).json()).toEqual({ framerates: [60] });
    await pair(s, [60, 120, 240]);
    await pair(s, [60, 120]);
    expect((await get(`/api/sessions/${s.id}/get_session_settings/`)).json()).toEqual({
      framerates: [60, 120],
    });
  });

  it('new_subject makes a session with the same setup and moves the phones without a new scan', async () => {
    const s = await newSession();
    const a = await pair(s);
    await get(`/api/sessions/${s.id}/set_metadata/?cb_rows=6&settings_framerate=120`);
    const res = await get(`/api/sessions/${s.id}/new_subject/`);
    expect(res.statusCode).toBe(200);
    const next = res.json<{
      id: string;
      meta: { checkerboard: { rows: number }; settings: { framerate: number } };
    }>();
    expect(next.id).not.toBe(s.id);
    expect(next.meta.checkerboard.rows).toBe(6);
    expect(next.meta.settings.framerate).toBe(120);
    expect(await a.next('newSession')).toMatchObject({ session_id: next.id });
    expect((await get(`/api/sessions/${next.id}/status/`)).json().n_cameras_connected).toBe(1);
    expect((await get(`/api/sessions/${s.id}/status/`)).json().n_cameras_connected).toBe(0);
    const row = await t.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(row.calibration_session_id).toBe(s.id);
  });

  it('counts calibrated cameras of the latest done calibration', async () => {
    const s = await newSession();
    expect((await get(`/api/sessions/${s.id}/get_n_calibrated_cameras/`)).json()).toEqual({ data: 0 });
    const now = new Date().toISOString();
    await t.deps.db
      .insertInto('trials')
      .values({
        id: 'cal1',
        session_id: s.id,
        name: 'calibration',
        status: 'done',
        tags: '[]',
        meta: '{}',
        progress_percent: null,
        progress_message: null,
        expected_videos: 2,
        trashed: 0,
        trashed_at: null,
        started_at: now,
        stopped_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.deps.db
      .insertInto('results')
      .values({
        id: 'r1',
        trial_id: 'cal1',
        tag: 'camera-calibration',
        device_id: null,
        storage_key: null,
        meta: JSON.stringify({ cameras: [{}, {}, {}] }),
        created_at: now,
      })
      .execute();
    expect((await get(`/api/sessions/${s.id}/get_n_calibrated_cameras/`)).json()).toEqual({ data: 3 });
  });
});
