/**
 * Adapter: a content-addressed cache of 2D detections on disk, so that tests and benchmarks processing the
 * same videos through several paths (CLI, worker) detect once. Keyed by the video's bytes and every option that
 * changes the result. Off unless a folder is given (the CLI's and worker's POSE_CACHE_DIR); never needed in
 * production, where each video is processed once.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DetectOptions, ProgressCallback, RawPoseTrack } from './detect-video';

type CacheableOptions = Omit<DetectOptions, 'pool' | 'workers'>;

async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function optionsKey(opts: CacheableOptions): string {
  return JSON.stringify({
    v: opts.variant ?? 'full',
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
  const cached = await Promise.all(
    keys.map(async (k): Promise<RawPoseTrack | null> => {
      try {
        const stored = JSON.parse(await readFile(path.join(cacheDir, `${k}.json`), 'utf8')) as StoredTrack;
        return { info: stored.info, frames: stored.frames.map((f) => (f ? Float32Array.from(f) : null)) };
      } catch {
        return null;
      }
    }),
  );
  const missing = files.flatMap((f, i) => (cached[i] ? [] : [i]));
  const detected = missing.length
    ? await detect(
        missing.map((i) => files[i]),
        onProgress,
      )
    : [];
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
  return cached as RawPoseTrack[];
}
