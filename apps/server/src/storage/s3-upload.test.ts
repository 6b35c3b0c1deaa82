import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pairTestPhone, TEST_VIDEO_META, testVideo, type TestPhone } from '../capture/test-phones';
import { startFakeS3, type FakeS3 } from '../test/fake-s3';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { createS3Client } from './s3-client';
import { S3Storage } from './s3-storage';

const VIDEO = testVideo(2_500_000);
const CHUNK = 1024 * 1024;
const meta = { ...TEST_VIDEO_META, mime: 'video/mp4' };

describe('resumable uploads end to end with S3 storage', () => {
  let s3: FakeS3;
  let t: TestApp;
  let auth: string;
  const phones: TestPhone[] = [];

  beforeAll(async () => {
    s3 = await startFakeS3('uploads');
  });
  afterAll(async () => {
    await s3?.close();
  });
  beforeEach(async () => {
    t = await createTestApp(s3.env);
    auth = (await createUserWithToken(t.deps)).authorization;
  });
  afterEach(async () => {
    for (const p of phones.splice(0)) p.ws.terminate();
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: auth } });

  async function recordedTrial(): Promise<{ sessionId: string; trialId: string; phone: TestPhone }> {
    const [session] = (await get('/api/sessions/new/')).json<Array<{ id: string }>>();
    const { pairing_secret: secret } = await t.deps.db
      .selectFrom('sessions')
      .select('pairing_secret')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) phones.push(await pairTestPhone(t, { id: session.id, secret }));
    const rec = await get(`/api/sessions/${session.id}/record/?name=walk`);
    expect(rec.statusCode, rec.body).toBe(200);
    expect((await get(`/api/sessions/${session.id}/stop/`)).statusCode).toBe(200);
    return { sessionId: session.id, trialId: rec.json<{ id: string }>().id, phone: phones[0] };
  }

  it('appends chunks in S3, resumes after a wrong offset, and serves the video by presigned URL', async () => {
    expect(t.deps.storage).toBeInstanceOf(S3Storage);
    const { sessionId, trialId, phone } = await recordedTrial();
    const dev = { authorization: `Device ${phone.token}` };
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/capture/uploads/',
        headers: dev,
        payload: { trial_id: trialId, total_bytes: VIDEO.length, meta },
      });
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
    const uploadId = started.json<{ upload_id: string }>().upload_id;
    const put = (off: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/capture/uploads/${uploadId}/?offset=${off}`,
        headers: { ...dev, 'content-type': 'application/octet-stream' },
        payload: VIDEO.subarray(off, off + CHUNK),
      });
    expect((await put(0)).json()).toEqual({ received_bytes: CHUNK });
    expect((await put(0)).statusCode).toBe(409); // a repeated chunk: the stored size in S3 is the truth
    expect(await start().then((r) => r.json())).toMatchObject({ upload_id: uploadId, received_bytes: CHUNK });
    expect((await put(CHUNK)).statusCode).toBe(200);
    expect((await put(2 * CHUNK)).json()).toEqual({ received_bytes: VIDEO.length });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/capture/uploads/${uploadId}/complete/`,
      headers: dev,
    });
    expect(done.statusCode, done.body).toBe(200);

    // The session data hands out the API's media URL; it redirects to a presigned URL of minutes, which
    // serves bytes and ranges straight from the bucket.
    const status = (await get(`/api/sessions/${sessionId}/status/?ret_session=true`)).json<{
      session: { trials: Array<{ videos: Array<{ video: string }> }> };
    }>();
    const apiUrl = status.session.trials[0].videos[0].video;
    expect(apiUrl.startsWith(`/api/media/sessions/${sessionId}/trials/${trialId}/videos/`)).toBe(true);
    const redirect = await t.app.inject({ method: 'GET', url: apiUrl });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const url = String(redirect.headers.location);
    expect(
      url.startsWith(`${s3.settings.endpoint}/uploads/sessions/${sessionId}/trials/${trialId}/videos/`),
    ).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    const whole = await fetch(url);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(VIDEO)).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=2400000-' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(VIDEO.subarray(2_400_000))).toBe(true);

    // A public session's video reaches anyone by redirect only while the session stays public.
    const key = apiUrl.split('?')[0].replace('/api/media/', '');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${sessionId}/`,
      headers: { authorization: auth },
      payload: { public: true },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${key}` })).statusCode).toBe(302);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${sessionId}/`,
      headers: { authorization: auth },
      payload: { public: false },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${key}` })).statusCode).toBe(404);

    // The staged chunks are gone once the upload is complete.
    const client = createS3Client(s3.settings);
    const staged = await client.send(new ListObjectsV2Command({ Bucket: 'uploads', Prefix: '.appends/' }));
    expect(staged.Contents ?? []).toEqual([]);
    client.destroy();
  });
});
