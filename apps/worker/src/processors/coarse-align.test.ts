import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobSpec, JobVideo } from '@poselab/contract';
import { COARSE_ALIGNMENT_FAILED, ffmpegPath } from '@poselab/pipeline';
import { ProcessingError } from '../host';
import { alignImportedVideos, explainSyncFailure } from './coarse-align';

const dir = mkdtempSync(join(tmpdir(), 'poselab-coarse-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 4 s 64x64 clip at `fps` whose sound has one clap at `clapSec` (or no sound at all). */
function clip(name: string, fps: number, clapSec: number | null): string {
  const out = join(dir, name);
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=64x64:rate=${fps}:duration=4`];
  if (clapSec !== null) {
    const expr = `0.003*(random(0)-0.5)+0.9*(random(1)-0.5)*exp(-abs(t-${clapSec})*90)*gte(t\\,${clapSec})`;
    args.push('-f', 'lavfi', '-i', `aevalsrc=exprs='${expr}':s=16000:d=4`, '-c:a', 'aac');
  }
  execFileSync(ffmpegPath, [...args, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out]);
  return out;
}

const video = (id: string, fps: number): JobVideo => ({
  id,
  device_id: `d-${id}`,
  device_name: `Camera ${id}`,
  fps,
  width: 64,
  height: 64,
  rotation: 0,
  duration_sec: 4,
  start_time_ms: null,
  frame_timestamps: null,
  file_name: `${id}.mp4`,
});

const spec = (videos: JobVideo[]) => ({ kind: 'dynamic', videos, coarse_align: true }) as unknown as JobSpec;

describe('coarse alignment of imported videos in the worker', () => {
  it(
    'turns the offsets heard in the files into start times (30 and 60 fps files together)',
    { timeout: 60_000 },
    async () => {
      // Camera 2 started 1.3 s later: it hears the clap at 0.7 s instead of 2.0 s.
      const paths = new Map([
        ['1', clip('a.mp4', 60, 2.0)],
        ['2', clip('b.mp4', 30, 0.7)],
      ]);
      const out = await alignImportedVideos(spec([video('1', 60), video('2', 30)]), paths);
      expect(out.meta.method).toBe('audio');
      expect(out.meta.device_ids).toEqual(['d-1', 'd-2']);
      const [a, b] = out.spec.videos.map((v) => v.start_time_ms!);
      expect(Math.abs(b - a - 1300)).toBeLessThan(1000 / 60);
    },
  );

  it(
    'keeps no start times when nothing aligns them, and then explains a sync failure with the fix',
    { timeout: 60_000 },
    async () => {
      const paths = new Map([
        ['1', clip('c.mp4', 30, null)],
        ['2', clip('d.mp4', 30, null)],
      ]);
      const out = await alignImportedVideos(spec([video('1', 30), video('2', 30)]), paths);
      // testsrc moves identically in both files: motion may align them, at offset 0 or a period of it.
      if (out.meta.method === null) expect(out.spec.videos.every((v) => v.start_time_ms === null)).toBe(true);
      const failed = { ...out, meta: { method: null, start_sec: null, device_ids: [] } };
      const sync = new ProcessingError(
        'The subject was not seen by at least 2 cameras at the same time, so the videos could not be synchronised.',
      );
      const explained = explainSyncFailure(sync, failed) as ProcessingError;
      expect(explained.userMessage).toBe(COARSE_ALIGNMENT_FAILED);
      expect(explained.userMessage).toContain('Clap once in view of all cameras at the start');
      // Other failures, and failures after a good coarse alignment, keep their own message.
      const other = new ProcessingError('No cameras have been calibrated.');
      expect(explainSyncFailure(other, failed)).toBe(other);
      expect(
        explainSyncFailure(sync, { ...out, meta: { method: 'audio', start_sec: [0, 1], device_ids: [] } }),
      ).toBe(sync);
    },
  );
});
