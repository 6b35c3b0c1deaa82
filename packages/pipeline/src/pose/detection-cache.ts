/**
 * Adapter: a content-addressed cache of 2D detections on disk, so that tests and benchmarks processing the
 * same videos through several paths (CLI, worker) detect once. Keyed by the video's bytes and every option that
 * changes the result. Off unless a folder is given (the CLI's and worker's POSE_CACHE_DIR); never needed in
 * production, where each video is processed once.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DetectOptions, ProgressCallback, RawPoseTrack } from './detect-video';

type CacheableOptions = Omit<DetectOptions, 'pool' | 'workers'>;

/** Bump when detection changes what it returns for the same video and options (the cache may outlive a run). */
export const DETECTION_CACHE_VERSION = 2;
/** A lock older than this is taken to belong to a process that died. */
const STALE_LOCK_MS = 10 * 60_000;

async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function optionsKey(opts: CacheableOptions): string {
  return JSON.stringify({
    cache: DETECTION_CACHE_VERSION,
    v: opts.variant ?? 'full',
    rt: opts.runtime ?? 'onnx',
    d: opts.decodeLongSide ?? 640,
    s: opts.frameStride ?? 1,
    f: [opts.startFrame ?? 0, opts.frameCount ?? null],
    r: opts.rois ?? null,
    o: opts.roiOnly ?? false,
  });
}

interface StoredTrack {
  info: RawPoseTrack['info'];
  frames: Array<number[] | null>;
}

/**
 * detect(files, opts) for the files not in the cache, the cached tracks for the others; newly detected tracks
 * are stored (written to a temporary name, then renamed, so concurrent test files never read half a file).
 */
export async function withDetectionCache(
  cacheDir: string | undefined,
  files: string[],
  opts: CacheableOptions,
  detect: (files: string[], onProgress?: ProgressCallback) => Promise<RawPoseTrack[]>,
  onProgress?: ProgressCallback,
): Promise<RawPoseTrack[]> {
  if (!cacheDir) return detect(files, onProgress);
  await mkdir(cacheDir, { recursive: true });
  const optKey = optionsKey(opts);
  const keys = await Promise.all(
    files.map(async (f) =>
      createHash('sha256')
        .update(`${await fileHash(f)}|${optKey}`)
        .digest('hex'),
    ),
  );
  const read = async (k: string): Promise<RawPoseTrack | null> => {
    try {
      const stored = JSON.parse(await readFile(path.join(cacheDir, `${k}.json`), 'utf8')) as StoredTrack;
      return { info: stored.info, frames: stored.frames.map((f) => (f ? Float32Array.from(f) : null)) };
    } catch {
      return null;
    }
  };
  // Another process detecting the same video (test files run in parallel) holds its lock: wait for its result
  // rather than detecting twice.
  const locks: string[] = [];
  const cached = await Promise.all(
    keys.map(async (k): Promise<RawPoseTrack | null> => {
      const lock = path.join(cacheDir, `${k}.lock`);
      for (;;) {
        const hit = await read(k);
        if (hit) return hit;
        try {
          await (await open(lock, 'wx')).close();
          locks.push(lock);
          return null;
        } catch {
          const age = await stat(lock).then(
            (st) => Date.now() - st.mtimeMs,
            () => 0,
          );
          if (age > STALE_LOCK_MS) await rm(lock, { force: true });
          else await new Promise((r) => setTimeout(r, 500));
        }
      }
    }),
  );
  const missing = files.flatMap((f, i) => (cached[i] ? [] : [i]));
  const unlock = () => Promise.all(locks.map((l) => rm(l, { force: true })));
  let detected: RawPoseTrack[];
  try {
    detected = missing.length
      ? await detect(
          missing.map((i) => files[i]),
          onProgress,
        )
      : [];
  } catch (err) {
    await unlock();
    throw err;
  }
  await Promise.all(
    missing.map(async (i, j) => {
      const track = detected[j];
      cached[i] = track;
      const stored: StoredTrack = {
        info: track.info,
        frames: track.frames.map((f) => (f ? Array.from(f) : null)),
      };
      const target = path.join(cacheDir, `${keys[i]}.json`);
      const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(tmp, JSON.stringify(stored));
      await rename(tmp, target);
    }),
  );
  await unlock();
  return cached as RawPoseTrack[];
}
