/**
 * Acceptance 2 of the downloads issue: a synthetic session with at least 2 GB of video (BENCH_VIDEO_GB,
 * default 2.1) is archived by the real archive job in the embedded worker pool (a worker thread; inputs and
 * the zip flow through MessagePorts into local media storage), as `npm start` runs it. Measured in the same
 * run: plain file copies of the same video bytes (read and write streams; and fs.copyFile, which the kernel
 * may do without user space). The last line is JSON: {"archiveSec", "peakRssDeltaMb", "mbPerSec", ...}.
 * Targets: peak RSS growth (whole process, threads included) under 150 MB; throughput at least half of the
 * streamed file copies.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { systemClock } from '../apps/server/src/deps';
import { startEmbeddedPool } from '../apps/server/src/jobs/embedded-pool';
import { insertDevices, insertTrialWithVideos } from '../apps/server/src/jobs/processing-fixtures';
import { seedArchiveSession } from '../apps/server/src/test/archive-fixtures';
import { createUserWithToken } from '../apps/server/src/test/fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';
import { mediaKeys } from '../apps/server/src/storage/media-keys';

const VIDEO_BYTES = Math.round(Number(process.env.BENCH_VIDEO_GB ?? 2.1) * 1e9);
const CAMERAS = 4;
const TRIALS = 8;
const MB = 1e6;

const t = await createTestApp({ LOG_LEVEL: 'warn' });
t.deps.clock = systemClock;
const scratch = await mkdtemp(join(tmpdir(), 'bench-download-'));
try {
  const owner = await createUserWithToken(t.deps, {}, { verified: true });
  const fx = await seedArchiveSession(t.deps, owner.user.id);
  const extra = await insertDevices(t.deps, fx.sessionId, ['phone-c', 'phone-d']);
  const devices = [...fx.deviceIds, ...extra].slice(0, CAMERAS);

  // Synthetic videos: incompressible bytes (as H.264 is), one 16 MiB random block repeated.
  const perFile = Math.ceil(VIDEO_BYTES / (TRIALS * CAMERAS));
  const block = randomBytes(16 * 1024 * 1024);
  const videoFiles: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < TRIALS; i++) {
    const trialId = await insertTrialWithVideos(t.deps, fx.sessionId, `bench_${i}`, []);
    await t.deps.db.updateTable('trials').set({ status: 'done' }).where('id', '=', trialId).execute();
    for (const [c, deviceId] of devices.entries()) {
      const key = mediaKeys.result(fx.sessionId, trialId, `video-sync-${c + 1}.mp4`);
      const file = join(t.dataDir, 'media', key);
      await mkdir(join(file, '..'), { recursive: true });
      const out = createWriteStream(file);
      for (let off = 0; off < perFile; off += block.length) {
        const piece = block.subarray(0, Math.min(block.length, perFile - off));
        if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((r) => out.end(() => r()));
      videoFiles.push(file);
      await t.deps.db
        .insertInto('results')
        .values({
          id: randomUUID(),
          trial_id: trialId,
          tag: 'video-sync',
          device_id: deviceId,
          storage_key: key,
          meta: '{}',
          created_at: new Date().toISOString(),
        })
        .execute();
    }
  }
  const videoBytes = (await Promise.all(videoFiles.map((f) => stat(f)))).reduce((a, s) => a + s.size, 0);
  console.log(
    `${videoFiles.length} synthetic videos, ${(videoBytes / 1e9).toFixed(2)} GB written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Baseline: the same bytes copied as plain files, streamed (as a program copies) and by fs.copyFile.
  const copyDir = join(scratch, 'copies');
  await mkdir(copyDir);
  // Each timed phase starts with written data flushed, so none pays for the writes of the one before.
  spawnSync('sync');
  let cpu0 = process.cpuUsage();
  let t1 = performance.now();
  for (const [i, f] of videoFiles.entries())
    await pipeline(
      createReadStream(f, { highWaterMark: 1024 * 1024 }),
      createWriteStream(join(copyDir, `${i}.mp4`)),
    );
  const streamCopySec = (performance.now() - t1) / 1000;
  const copyCpu = process.cpuUsage(cpu0);
  await rm(copyDir, { recursive: true, force: true });
  await mkdir(copyDir);
  spawnSync('sync');
  t1 = performance.now();
  for (const [i, f] of videoFiles.entries()) await copyFile(f, join(copyDir, `${i}.mp4`));
  const kernelCopySec = (performance.now() - t1) / 1000;
  await rm(copyDir, { recursive: true, force: true });

  // The archive job in the embedded pool (thread started and idle before the clock starts).
  const pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, idleMs: 100 });
  await new Promise((r) => setTimeout(r, 8000));
  spawnSync('sync');
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  cpu0 = process.cpuUsage();
  const t2 = performance.now();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sessions/${fx.sessionId}/async-download/?with_videos=true`,
    headers: { authorization: owner.authorization },
  });
  const taskId = res.json<{ task_id: string }>().task_id;
  let archive;
  for (;;) {
    archive = await t.deps.db
      .selectFrom('archives')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    if (archive.state === 'ready' || archive.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const archiveSec = (performance.now() - t2) / 1000;
  const archiveCpu = process.cpuUsage(cpu0);
  const cpuSec = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
  clearInterval(sampler);
  await pool.stop();
  if (archive.state !== 'ready') throw new Error(`archive failed: ${archive.error}`);
  const zipFile = join(t.dataDir, 'media', archive.storage_key!);
  const zipBytes = (await stat(zipFile)).size;
  const test = spawnSync('unzip', ['-tq', zipFile], { encoding: 'utf8' });
  const zipOk = test.status === 0;
  console.log(`unzip -tq: ${test.error ? 'unzip not installed' : (test.stdout || test.stderr).trim()}`);
  console.log(
    `entries under archives/: ${(await readdir(join(t.dataDir, 'media', 'archives'), { recursive: true })).length}`,
  );

  const mbPerSec = zipBytes / MB / archiveSec;
  const copyMbPerSec = videoBytes / MB / streamCopySec;
  const kernelCopyMbPerSec = videoBytes / MB / kernelCopySec;
  console.log(
    `archive ${(zipBytes / 1e9).toFixed(2)} GB in ${archiveSec.toFixed(1)} s (${mbPerSec.toFixed(0)} MB/s); ` +
      `streamed copies ${copyMbPerSec.toFixed(0)} MB/s, fs.copyFile ${kernelCopyMbPerSec.toFixed(0)} MB/s; ` +
      `peak RSS +${((peak - rss0) / 2 ** 20).toFixed(1)} MiB; CPU ${cpuSec(archiveCpu).toFixed(1)} s for the archive ` +
      `(all threads), ${cpuSec(copyCpu).toFixed(1)} s for the streamed copies; load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    JSON.stringify({
      archiveSec: Number(archiveSec.toFixed(2)),
      peakRssDeltaMb: Number(((peak - rss0) / 2 ** 20).toFixed(1)),
      mbPerSec: Number(mbPerSec.toFixed(1)),
      copyMbPerSec: Number(copyMbPerSec.toFixed(1)),
      kernelCopyMbPerSec: Number(kernelCopyMbPerSec.toFixed(1)),
      throughputRatio: Number((mbPerSec / copyMbPerSec).toFixed(2)),
      archiveCpuSec: Number(cpuSec(archiveCpu).toFixed(1)),
      copyCpuSec: Number(cpuSec(copyCpu).toFixed(1)),
      loadAverage: Number(loadavg()[0].toFixed(1)),
      videoGb: Number((videoBytes / 1e9).toFixed(2)),
      zipOk,
    }),
  );
} finally {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
}
