import { join } from 'node:path';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot } from './support/browser';
import { createVerifiedUser, type TestUser } from './support/accounts';
import {
  decodesCleanly,
  DEMO_VIDEOS,
  hasDemoVideos,
  launchPhone,
  makeFakeCameraFile,
  probeDuration,
  type FakePhone,
} from './support/phones';
import { startServer, type RunningServer } from './support/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(300);
  }
}

interface Status {
  status: string;
  trial_id: string | null;
  n_videos_uploaded: number;
  n_cameras_connected: number;
  message: string | null;
}

async function api<T>(server: RunningServer, user: TestUser, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Token ${user.token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function videosOf(server: RunningServer, trialId: string) {
  const db = new Database(join(server.dataDir, 'poselab.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from videos where trial_id = ?').all(trialId) as Array<{
      storage_key: string;
      duration_sec: number;
      fps: number;
      width: number;
      height: number;
      model: string;
      start_time_ms: number | null;
      frame_timestamps: string | null;
      device_id: string;
      size_bytes: number;
      mime: string;
    }>;
  } finally {
    db.close();
  }
}

/** Every video of the trial is stored, plays back, and lasts as long as the phone recorded (±0.2 s). */
/**
 * `duration`: the stored file lasts as long as the phone's frames said (0.2 s). Off where a test kills the
 * server mid-upload: there the encoder's timing on a loaded machine is not what is tested (issue #29: 0.261 s
 * once), but that every byte the phone delivered is stored (see the test).
 */
function checkVideos(server: RunningServer, trialId: string, n: number, opts: { duration?: boolean } = {}) {
  const videos = videosOf(server, trialId);
  expect(videos).toHaveLength(n);
  const report = videos.map((v) => {
    const file = join(server.dataDir, 'media', v.storage_key);
    const probed = probeDuration(file);
    const decoded = decodesCleanly(file);
    const ts = v.frame_timestamps ? (JSON.parse(v.frame_timestamps) as number[]) : [];
    console.log(
      `video ${v.device_id.slice(0, 8)}: recorded ${v.duration_sec} s, ffprobe ${probed} s, frames ${decoded.frames}, timestamps ${ts.length}`,
    );
    expect(decoded.ok, decoded.stderr).toBe(true);
    if (opts.duration !== false) expect(Math.abs(probed - v.duration_sec)).toBeLessThan(0.2);
    expect(decoded.frames).toBeGreaterThan(0);
    expect(v.width).toBeGreaterThan(0);
    expect(v.start_time_ms).toBeGreaterThan(1.7e12);
    return {
      mime: v.mime,
      recorded: v.duration_sec,
      probed,
      frames: decoded.frames,
      fps: v.fps,
      size: `${v.width}x${v.height}`,
      timestamps: v.frame_timestamps ? (JSON.parse(v.frame_timestamps) as number[]).length : 0,
    };
  });
  console.log(`videos of ${trialId}:`, JSON.stringify(report));
  return report;
}

describe.skipIf(!hasChromium || !hasDemoVideos)(
  'capture: phones pair by QR, record on command and upload',
  () => {
    let server: RunningServer;
    let user: TestUser;
    const phones: FakePhone[] = [];
    let cams: string[];

    beforeAll(async () => {
      server = await startServer({ WORKERS: '0' });
      user = await createVerifiedUser(server);
      cams = [
        makeFakeCameraFile(join(DEMO_VIDEOS, 'cam01.mp4')),
        makeFakeCameraFile(join(DEMO_VIDEOS, 'cam02.mp4')),
      ];
    });
    afterAll(async () => {
      for (const p of phones) await p.close().catch(() => undefined);
      await server?.stop();
    });

    it('pairs two phones, records a trial and stores complete videos; reload and network cut recover', async () => {
      const [session] = await api<Array<{ id: string }>>(server, user, '/sessions/new/');
      const { url } = await api<{ url: string }>(server, user, `/sessions/${session.id}/get_qr/`);
      for (const cam of cams) phones.push(await launchPhone(url, cam));
      await until(
        async () =>
          (await api<Status>(server, user, `/sessions/${session.id}/status/`)).n_cameras_connected === 2,
        '2 phones',
      );
      await phones[0].page.getByText('Connected', { exact: true }).waitFor();
      await sleep(1500);
      await screenshot(phones[0].page, 'capture-phone-ready');

      // Reload mid-session: the phone reconnects with its stored token (no secret left in the URL).
      expect(new URL(phones[1].page.url()).hash).toBe('');
      await phones[1].page.reload();
      await until(
        async () =>
          (await api<Status>(server, user, `/sessions/${session.id}/status/`)).n_cameras_connected === 2,
        'reconnect',
      );

      const rec = await api<{ id: string }>(server, user, `/sessions/${session.id}/record/?name=walk_1`);
      await phones[0].page.getByText('Recording', { exact: true }).waitFor();
      await sleep(500);
      await screenshot(phones[0].page, 'capture-phone-recording');
      await sleep(2500);
      // A network cut on one phone right as the upload starts.
      await phones[1].page.context().setOffline(true);
      await api(server, user, `/sessions/${session.id}/stop/`);
      await sleep(3000);
      expect(videosOf(server, rec.id).length).toBeLessThanOrEqual(1);
      await phones[1].page.context().setOffline(false);
      const st = await until(async () => {
        const s = await api<Status>(server, user, `/sessions/${session.id}/status/`);
        return s.status === 'stopped' ? s : null;
      }, 'all videos');
      expect(st.n_videos_uploaded).toBe(2);
      await screenshot(phones[0].page, 'capture-phone-uploaded');
      checkVideos(server, rec.id, 2);

      // 'New session same setup': the phones follow without a new scan.
      const next = await api<{ id: string }>(server, user, `/sessions/${session.id}/new_subject/`);
      await until(
        async () =>
          (await api<Status>(server, user, `/sessions/${next.id}/status/`)).n_cameras_connected === 2,
        'phones in the new session',
      );
      await phones[0].page.getByText('Connected to a new session.').waitFor();
      expect(new URL(phones[0].page.url()).pathname).toBe(`/capture/${next.id}`);
      for (const p of phones.splice(0)) await p.close();
    });

    it('a server killed during an upload leaves no video; the phone retries and completes it', async () => {
      const [session] = await api<Array<{ id: string }>>(server, user, '/sessions/new/');
      const { url } = await api<{ url: string }>(server, user, `/sessions/${session.id}/get_qr/`);
      const pair = [await launchPhone(url, cams[0]), await launchPhone(url, cams[1])];
      phones.push(...pair);
      await until(
        async () =>
          (await api<Status>(server, user, `/sessions/${session.id}/status/`)).n_cameras_connected === 2,
        '2 phones',
      ).catch(async (err) => {
        for (const [i, p] of pair.entries()) {
          console.log(`phone ${i}:`, p.logs.join('\n'), await p.page.locator('body').innerText());
        }
        throw err;
      });
      // Slow uploads on phone 1 (about 150 kB/s) so the server can be killed mid-upload.
      const cdp = await pair[0].page.context().newCDPSession(pair[0].page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 5e6,
        uploadThroughput: 150_000,
      });
      const rec = await api<{ id: string }>(server, user, `/sessions/${session.id}/record/?name=kill_test`);
      await sleep(6000);
      await api(server, user, `/sessions/${session.id}/stop/`);
      const dbFile = join(server.dataDir, 'poselab.sqlite');
      await until(
        async () => {
          const db = new Database(dbFile, { readonly: true });
          try {
            const row = db
              .prepare('select received_bytes, total_bytes from uploads where trial_id = ?')
              .all(rec.id) as Array<{ received_bytes: number; total_bytes: number }>;
            return row.some((r) => r.received_bytes < r.total_bytes);
          } finally {
            db.close();
          }
        },
        'an unfinished upload',
        30_000,
      );
      await screenshot(pair[0].page, 'capture-phone-uploading');
      const { port, dataDir } = server;
      await server.stop({ keepData: true });
      const partial = videosOf({ ...server, dataDir }, rec.id);
      const uploadsLeft = (() => {
        const db = new Database(dbFile, { readonly: true });
        try {
          return db
            .prepare('select device_id, received_bytes, total_bytes from uploads where trial_id = ?')
            .all(rec.id);
        } finally {
          db.close();
        }
      })();
      console.log('after kill:', JSON.stringify({ videos: partial.length, uploads: uploadsLeft }));
      // What each phone declared it sends: the stored videos must hold exactly these bytes after the retry.
      const declared = new Map(
        (uploadsLeft as Array<{ device_id: string; total_bytes: number }>).map((u) => [
          u.device_id,
          u.total_bytes,
        ]),
      );
      expect(partial.length).toBeLessThan(2);
      expect(uploadsLeft.length).toBeGreaterThan(0);
      await sleep(2000);
      server = await startServer({ WORKERS: '0', PORT: String(port) }, dataDir);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await until(
        async () => (await api<Status>(server, user, `/sessions/${session.id}/status/`)).status === 'stopped',
        'uploads after restart',
        90_000,
      );
      checkVideos(server, rec.id, 2, { duration: false });
      for (const v of videosOf(server, rec.id) as Array<{
        device_id: string;
        storage_key: string;
        size_bytes: number;
      }>) {
        const stored = statSync(join(server.dataDir, 'media', v.storage_key)).size;
        expect(stored, v.device_id).toBe(v.size_bytes);
        if (declared.has(v.device_id)) expect(stored, v.device_id).toBe(declared.get(v.device_id));
      }
    });
  },
);
