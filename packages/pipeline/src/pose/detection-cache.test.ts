import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawPoseTrack } from './detect-video';
import { withDetectionCache } from './detection-cache';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function fakeTrack(seed: number): RawPoseTrack {
  return {
    info: {
      width: 10,
      height: 20,
      displayWidth: 10,
      displayHeight: 20,
      rotation: 0,
      fps: 30,
      frameCount: 2,
      durationSec: 2 / 30,
      codec: 'h264',
    },
    frames: [Float32Array.of(seed, 1, 0.5), null],
  };
}

describe('withDetectionCache', () => {
  it('detects a video once, also when two callers ask at the same time, and keys by content and options', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'poselab-cache-test-'));
    dirs.push(dir);
    const video = path.join(dir, 'a.mp4');
    await writeFile(video, 'video bytes');
    const cache = path.join(dir, 'cache');
    let calls = 0;
    const detect = async (files: string[]) => {
      calls++;
      await new Promise((r) => setTimeout(r, 50));
      return files.map((_, i) => fakeTrack(calls * 10 + i));
    };
    const [a, b] = await Promise.all([
      withDetectionCache(cache, [video], { variant: 'full' }, detect),
      withDetectionCache(cache, [video], { variant: 'full' }, detect),
    ]);
    expect(calls).toBe(1);
    expect(Array.from(a[0].frames[0]!)).toEqual(Array.from(b[0].frames[0]!));
    expect(b[0].frames[1]).toBeNull();
    await withDetectionCache(cache, [video], { variant: 'full' }, detect);
    expect(calls).toBe(1);
    // Other options or other bytes are other detections.
    await withDetectionCache(cache, [video], { variant: 'lite' }, detect);
    expect(calls).toBe(2);
    await writeFile(video, 'other bytes');
    await withDetectionCache(cache, [video], { variant: 'full' }, detect);
    expect(calls).toBe(3);
    // Without a folder nothing is cached.
    await withDetectionCache(undefined, [video], { variant: 'full' }, detect);
    expect(calls).toBe(4);
  });
});
