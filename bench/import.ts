/**
 * Issue #28, acceptance 3: a large file (BENCH_IMPORT_GB, default 2) imported through the resumable upload
 * protocol over real HTTP, as a browser sends it (8 MiB chunks at the stored offset), into local media
 * storage; halfway the connection is killed mid-chunk and the upload resumes from where the stored bytes end.
 * The server and the sending client share this process, so the RSS measured covers both: it must stay flat
 * (each side holds one chunk at a time). The last line is JSON: {"mbPerSec", "peakRssDeltaMb", ...}; target:
 * peakRssDeltaMb ≤ 150.
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { IMPORT_CHUNK_BYTES } from '../packages/contract/src/index';
import { systemClock } from '../apps/server/src/deps';
import { bigVideoChunk, videoAtFps } from '../apps/server/src/routes/import-test-files';
import { createUserWithToken } from '../apps/server/src/test/fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';

const TOTAL = Math.round(Number(process.env.BENCH_IMPORT_GB ?? 2) * 1e9);
const MB = 1e6;

const t = await createTestApp({ LOG_LEVEL: 'warn' });
t.deps.clock = systemClock;
try {
  const { authorization } = await createUserWithToken(t.deps, {}, { verified: true });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const json = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      ...(method !== 'GET' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const head = videoAtFps(30);
  const small = videoAtFps(60);
  const s = await json<{ session: { id: string }; cameras: Array<{ device_id: string }> }>(
    '/sessions/import/',
    'POST',
    { n_cameras: 2 },
  );
  const started = await json<{ uploads: Array<{ upload_id: string }> }>(
    `/sessions/${s.session.id}/import/trials/`,
    'POST',
    {
      name: 'bench',
      files: [
        { device_id: s.cameras[0].device_id, file_name: 'big.mp4', mime: 'video/mp4', total_bytes: TOTAL },
        {
          device_id: s.cameras[1].device_id,
          file_name: 'small.mp4',
          mime: 'video/mp4',
          total_bytes: small.length,
        },
      ],
    },
  );
  const id = started.uploads[0].upload_id;
  const url = (offset: number) => `${base}/api/imports/uploads/${id}/?offset=${offset}`;

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

  const t0 = performance.now();
  const killAt = Math.floor(TOTAL / IMPORT_CHUNK_BYTES / 2) * IMPORT_CHUNK_BYTES;
  let offset = 0;
  let killed = false;
  let resumedAt = -1;
  while (offset < TOTAL) {
    const n = Math.min(IMPORT_CHUNK_BYTES, TOTAL - offset);
    if (!killed && offset === killAt) {
      killed = true;
      // The connection dies halfway through a chunk; the client then asks where the stored bytes end.
      await new Promise<void>((resolve) => {
        const req = request(url(offset), {
          method: 'PUT',
          headers: { authorization, 'content-type': 'application/octet-stream', 'content-length': n },
        });
        req.on('error', () => resolve());
        req.write(bigVideoChunk(head, TOTAL, offset, n >> 1), () => {
          req.destroy();
          resolve();
        });
      });
      offset = (await json<{ received_bytes: number }>(`/imports/uploads/${id}/`)).received_bytes;
      resumedAt = offset;
      continue;
    }
    const res = await fetch(url(offset), {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bigVideoChunk(head, TOTAL, offset, n)),
    });
    if (!res.ok) throw new Error(`chunk at ${offset}: ${res.status} ${await res.text()}`);
    offset = ((await res.json()) as { received_bytes: number }).received_bytes;
  }
  await json(`/imports/uploads/${id}/complete/`, 'POST');
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const video = await t.deps.db
    .selectFrom('videos')
    .select(['size_bytes', 'fps'])
    .where('device_id', '=', s.cameras[0].device_id)
    .executeTakeFirstOrThrow();
  if (video.size_bytes !== TOTAL || resumedAt !== killAt)
    throw new Error('the upload did not resume as expected');
  console.log(
    JSON.stringify({
      gb: TOTAL / 1e9,
      seconds: Math.round(seconds * 10) / 10,
      mbPerSec: Math.round((TOTAL / MB / seconds) * 10) / 10,
      peakRssDeltaMb: Math.round(((peak - baseline) / MB) * 10) / 10,
      resumedFromByte: resumedAt,
      chunkBytes: IMPORT_CHUNK_BYTES,
      loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    }),
  );
} finally {
  await t.close();
}
