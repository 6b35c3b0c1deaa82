import { request } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_BYTES, IMPORT_MESSAGES } from '@poselab/contract';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { audioOnlyMp4, bigVideoChunk, videoAtFps } from './import-test-files';

let t: TestApp;
let auth: string;

beforeEach(async () => {
  t = await createTestApp();
  auth = (await createUserWithToken(t.deps)).authorization;
});
afterEach(async () => {
  await t.close();
});

type Camera = { device_id: string; name: string };

async function api(method: 'GET' | 'POST', url: string, payload?: object, authorization = auth) {
  return t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

async function importSession(n = 2): Promise<{ id: string; cameras: Camera[] }> {
  const res = await api('POST', '/api/sessions/import/', { n_cameras: n });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ session: { id: string }; cameras: Camera[] }>();
  return { id: body.session.id, cameras: body.cameras };
}

const file = (c: Camera, bytes: Buffer | number, name = `${c.name}.mp4`, mime = 'video/mp4') => ({
  device_id: c.device_id,
  file_name: name,
  mime,
  total_bytes: typeof bytes === 'number' ? bytes : bytes.length,
});

async function putChunk(uploadId: string, offset: number, chunk: Buffer, authorization = auth) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/imports/uploads/${uploadId}/?offset=${offset}`,
    headers: { authorization, 'content-type': 'application/octet-stream' },
    payload: chunk,
  });
}

async function sendAll(uploadId: string, bytes: Buffer) {
  for (let off = 0; off < bytes.length; off += 64 * 1024) {
    const res = await putChunk(uploadId, off, bytes.subarray(off, off + 64 * 1024));
    expect(res.statusCode, res.body).toBe(200);
  }
  return api('POST', `/api/imports/uploads/${uploadId}/complete/`);
}

async function countRows(table: 'trials' | 'uploads' | 'videos' | 'jobs' | 'sessions') {
  const r = await t.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function mediaFiles(): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      );
    } catch {
      return [];
    }
  };
  return walk(join(t.dataDir, 'media'));
}

describe('sessions from video files: API', () => {
  it('refuses a session of 1 camera with what to do, and stores no session', async () => {
    const res = await api('POST', '/api/sessions/import/', { n_cameras: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(IMPORT_MESSAGES.tooFewCameras(1));
    expect(await countRows('sessions')).toBe(0);
  });

  it('refuses a missing camera and a file that is not a video, naming the camera or file; nothing is stored', async () => {
    const s = await importSession(3);
    const v = videoAtFps(30);
    const missing = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 'trial1',
      files: [file(s.cameras[0], v), file(s.cameras[1], v)],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(IMPORT_MESSAGES.missingCamera('Camera 3'));
    const notVideo = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 'trial1',
      files: [
        file(s.cameras[0], v),
        file(s.cameras[1], 100, 'notes.txt', 'text/plain'),
        file(s.cameras[2], v),
      ],
    });
    expect(notVideo.statusCode).toBe(415);
    expect(notVideo.body).toContain(IMPORT_MESSAGES.notVideo('notes.txt'));
    expect(await countRows('trials')).toBe(0);
    expect(await countRows('uploads')).toBe(0);
  });

  it('imports files at 30 and 60 fps: each becomes a video at the rate ffprobe reads; the last one queues the trial', async () => {
    const s = await importSession(2);
    const a = videoAtFps(30);
    const b = videoAtFps(60);
    const start = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 'walk-1',
      files: [file(s.cameras[0], a), { ...file(s.cameras[1], b), fps: 25 }],
    });
    expect(start.statusCode, start.body).toBe(200);
    const { trial_id, uploads } = start.json<{
      trial_id: string;
      uploads: Array<{ device_id: string; upload_id: string }>;
    }>();
    const first = await sendAll(uploads[0].upload_id, a);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ queued: false });
    expect(await countRows('jobs')).toBe(0);
    const second = await sendAll(uploads[1].upload_id, b);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ queued: true });
    const videos = await t.deps.db
      .selectFrom('videos')
      .select(['device_id', 'fps', 'width', 'start_time_ms'])
      .where('trial_id', '=', trial_id)
      .execute();
    const fpsOf = (d: string) => videos.find((v) => v.device_id === d)?.fps;
    expect(fpsOf(s.cameras[0].device_id)).toBe(30);
    // The browser guessed 25: the file's own rate wins.
    expect(fpsOf(s.cameras[1].device_id)).toBe(60);
    expect(videos.every((v) => v.width === 64 && v.start_time_ms === null)).toBe(true);
    const jobs = await t.deps.db.selectFrom('jobs').select(['kind', 'trial_id']).execute();
    expect(jobs).toEqual([{ kind: 'dynamic', trial_id }]);
    // The session status reads like a recorded trial's.
    const status = await api('GET', `/api/sessions/${s.id}/status/?trial_id=${trial_id}`);
    expect(status.json()).toMatchObject({ n_videos_uploaded: 2, status: 'stopped' });
  });

  it('a file with no video stream discards the whole trial and says which file and camera', async () => {
    const s = await importSession(2);
    const v = videoAtFps(30);
    const sound = audioOnlyMp4();
    const start = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 'neutral',
      files: [file(s.cameras[0], v), file(s.cameras[1], sound, 'sound.mp4')],
      subject: { subject_mass: 70, subject_height: 1.8 },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { uploads } = start.json<{ uploads: Array<{ upload_id: string }> }>();
    expect((await sendAll(uploads[0].upload_id, v)).statusCode).toBe(200);
    const bad = await sendAll(uploads[1].upload_id, sound);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(IMPORT_MESSAGES.noVideoStream('sound.mp4', 'Camera 2'));
    expect(await countRows('trials')).toBe(0);
    expect(await countRows('videos')).toBe(0);
    expect(await countRows('uploads')).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('bytes that are no video announced as MP4 are refused at the first chunk, and the trial is gone', async () => {
    const s = await importSession(2);
    const v = videoAtFps(30);
    const html = Buffer.from('<html><body>not a video</body></html>');
    const start = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 'trial1',
      files: [file(s.cameras[0], v), file(s.cameras[1], html, 'page.mp4')],
    });
    const { uploads } = start.json<{ uploads: Array<{ upload_id: string }> }>();
    const res = await putChunk(uploads[1].upload_id, 0, html);
    expect(res.statusCode).toBe(415);
    expect(res.body).toContain(IMPORT_MESSAGES.notVideo('page.mp4'));
    expect(await countRows('trials')).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('keeps uploads to their owner (404 for another user) and phone sessions out of imports', async () => {
    const s = await importSession(2);
    const v = videoAtFps(30);
    const start = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 'trial1',
      files: [file(s.cameras[0], v), file(s.cameras[1], v)],
    });
    const { uploads } = start.json<{ uploads: Array<{ upload_id: string }> }>();
    const other = (await createUserWithToken(t.deps)).authorization;
    expect((await putChunk(uploads[0].upload_id, 0, v, other)).statusCode).toBe(404);
    expect(
      (await api('GET', `/api/imports/uploads/${uploads[0].upload_id}/`, undefined, other)).statusCode,
    ).toBe(404);
    const phoneSession = (await api('GET', '/api/sessions/new/')).json<Array<{ id: string }>>()[0];
    const res = await api('POST', `/api/sessions/${phoneSession.id}/import/trials/`, {
      name: 'trial1',
      files: [file(s.cameras[0], v), file(s.cameras[1], v)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(IMPORT_MESSAGES.notImported);
  });

  it('starting the same trial again with the same files resumes it; other files replace it', async () => {
    const s = await importSession(2);
    const v = videoAtFps(30);
    const files = [file(s.cameras[0], v), file(s.cameras[1], v)];
    const first = (await api('POST', `/api/sessions/${s.id}/import/trials/`, { name: 't1', files })).json<{
      trial_id: string;
      uploads: Array<{ upload_id: string }>;
    }>();
    expect((await putChunk(first.uploads[0].upload_id, 0, v.subarray(0, 1000))).statusCode).toBe(200);
    const again = (await api('POST', `/api/sessions/${s.id}/import/trials/`, { name: 't1', files })).json<{
      trial_id: string;
      uploads: Array<{ upload_id: string; received_bytes: number }>;
    }>();
    expect(again.trial_id).toBe(first.trial_id);
    expect(again.uploads[0]).toMatchObject({ upload_id: first.uploads[0].upload_id, received_bytes: 1000 });
    const other = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
      name: 't1',
      files: [file(s.cameras[0], v, 'other.mp4'), file(s.cameras[1], v)],
    });
    expect(other.json<{ trial_id: string }>().trial_id).not.toBe(first.trial_id);
    expect(await countRows('trials')).toBe(1);
    expect(mediaFiles()).toEqual([]);
  });
});

// Storage and the upload protocol, not the database, carry 2 GB: run once, on SQLite (it takes minutes).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'sessions from video files: a 2 GB upload over a killed connection',
  () => {
    it('resumes from the last stored chunk and completes', { timeout: 600_000 }, async () => {
      const TOTAL = 2_000_000_000;
      const head = videoAtFps(30);
      const s = await importSession(2);
      const small = videoAtFps(60);
      const start = await api('POST', `/api/sessions/${s.id}/import/trials/`, {
        name: 'big',
        files: [file(s.cameras[0], TOTAL, 'gopro.mp4'), file(s.cameras[1], small)],
      });
      expect(start.statusCode, start.body).toBe(200);
      const { uploads } = start.json<{ uploads: Array<{ upload_id: string }> }>();
      const id = uploads[0].upload_id;
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = (offset: number) => `${base}/api/imports/uploads/${id}/?offset=${offset}`;
      const put = async (offset: number, body: Buffer) => {
        const res = await fetch(url(offset), {
          method: 'PUT',
          headers: { authorization: auth, 'content-type': 'application/octet-stream' },
          body,
        });
        expect(res.status, await res.clone().text()).toBe(200);
        return ((await res.json()) as { received_bytes: number }).received_bytes;
      };
      const killAt = Math.floor(TOTAL / IMPORT_CHUNK_BYTES / 2) * IMPORT_CHUNK_BYTES;
      let offset = 0;
      while (offset < killAt)
        offset = await put(offset, bigVideoChunk(head, TOTAL, offset, IMPORT_CHUNK_BYTES));

      // The connection dies halfway through a chunk.
      await new Promise<void>((resolve) => {
        const req = request(url(offset), {
          method: 'PUT',
          headers: {
            authorization: auth,
            'content-type': 'application/octet-stream',
            'content-length': IMPORT_CHUNK_BYTES,
          },
        });
        req.on('error', () => resolve());
        req.write(bigVideoChunk(head, TOTAL, offset, IMPORT_CHUNK_BYTES / 2), () => {
          req.destroy();
          resolve();
        });
      });
      const status = await fetch(`${base}/api/imports/uploads/${id}/`, { headers: { authorization: auth } });
      const resumeAt = ((await status.json()) as { received_bytes: number }).received_bytes;
      expect(resumeAt).toBe(killAt);

      offset = resumeAt;
      while (offset < TOTAL) {
        const n = Math.min(IMPORT_CHUNK_BYTES, TOTAL - offset);
        offset = await put(offset, bigVideoChunk(head, TOTAL, offset, n));
      }
      const done = await api('POST', `/api/imports/uploads/${id}/complete/`);
      expect(done.statusCode, done.body).toBe(200);
      const video = await t.deps.db
        .selectFrom('videos')
        .select(['size_bytes', 'fps'])
        .where('device_id', '=', s.cameras[0].device_id)
        .executeTakeFirstOrThrow();
      expect(video).toEqual({ size_bytes: TOTAL, fps: 30 });
    });
  },
);
