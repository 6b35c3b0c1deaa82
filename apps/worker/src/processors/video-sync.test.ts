import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@poselab/pipeline';
import { writeSyncedVideo } from './video-sync';

const dir = mkdtempSync(join(tmpdir(), 'poselab-video-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 2 s, 30 fps clip whose every frame is bright (a white frame with a moving test pattern). */
const source = join(dir, 'source.mp4');
execFileSync(ffmpegPath, [
  '-v',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  'color=c=white:s=64x96:r=30:d=2',
  '-c:v',
  'libx264',
  '-pix_fmt',
  'yuv420p',
  source,
]);

/** Mean brightness of every frame of a video (decoded to 4x4 grey). */
function frameBrightness(file: string): number[] {
  const raw = execFileSync(ffmpegPath, [
    '-v',
    'error',
    '-i',
    file,
    '-vf',
    'scale=4:4,format=gray',
    '-f',
    'rawvideo',
    '-',
  ]);
  const out: number[] = [];
  for (let i = 0; i + 16 <= raw.length; i += 16)
    out.push(raw.subarray(i, i + 16).reduce((a, b) => a + b, 0) / 16);
  return out;
}

describe('writeSyncedVideo', () => {
  it('a camera that started after results time 0 gets black frames until its first picture (frame 0 = time 0)', async () => {
    const out = join(dir, 'late.mp4');
    // The camera's own timeline starts 0.5 s after results time 0.
    await writeSyncedVideo(source, out, -0.5, 1.5);
    const frames = frameBrightness(out);
    expect(frames.length).toBeGreaterThanOrEqual(44);
    expect(frames.length).toBeLessThanOrEqual(46);
    expect(frames.slice(0, 15).every((b) => b < 30)).toBe(true);
    expect(frames.slice(15).every((b) => b > 200)).toBe(true);
  });

  it('a camera that started before results time 0 is cut at the common start', async () => {
    const out = join(dir, 'early.mp4');
    await writeSyncedVideo(source, out, 0.5, 1);
    const frames = frameBrightness(out);
    expect(frames.length).toBeGreaterThanOrEqual(29);
    expect(frames.length).toBeLessThanOrEqual(31);
    expect(frames.every((b) => b > 200)).toBe(true);
  });

  it('a camera that stopped before the results end gets black frames up to the end', async () => {
    const out = join(dir, 'short.mp4');
    await writeSyncedVideo(source, out, 1.5, 1);
    const frames = frameBrightness(out);
    expect(frames.length).toBeGreaterThanOrEqual(29);
    expect(frames.length).toBeLessThanOrEqual(31);
    expect(frames.slice(0, 14).every((b) => b > 200)).toBe(true);
    expect(frames.slice(16).every((b) => b < 30)).toBe(true);
  });
});
