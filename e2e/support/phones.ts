import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ffmpegPath, ffprobePath } from '../../packages/pipeline/src/video/ffmpeg-binaries';
import { launchBrowser, PHONE } from './browser';
import { repoRoot } from './server';

export const DEMO_VIDEOS = resolve(repoRoot, '..', 'shared', 'data', 'pose2sim-demo', 'balancing');
export const hasDemoVideos = existsSync(join(DEMO_VIDEOS, 'cam01.mp4'));

/**
 * A yuv420p .y4m for Chromium's fake camera, made at test time from a demo video into a temp folder
 * (FINDINGS.md: 4:2:2 fails; the fake camera loops the file at its own frame rate), scaled to `size`.
 */
export function makeFakeCameraFile(source: string, size = { width: 540, height: 960 }): string {
  const out = join(mkdtempSync(join(tmpdir(), 'poselab-fakecam-')), 'camera.y4m');
  const r = spawnSync(ffmpegPath, [
    '-v',
    'error',
    '-y',
    '-i',
    source,
    '-vf',
    `scale=${size.width}:${size.height}`,
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
  return out;
}

export interface FakePhone {
  browser: Browser;
  page: Page;
  /** The page's console output and errors, for failure reports. */
  logs: string[];
  close(): Promise<void>;
}

/** One phone = one Chromium instance whose camera plays `y4m` (FINDINGS.md), opened at the QR URL. */
export async function launchPhone(url: string, y4m: string): Promise<FakePhone> {
  const browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4m}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return { browser, page, logs, close: () => browser.close() };
}

/** Duration of a media file according to ffprobe (container duration, seconds). */
export function probeDuration(file: string): number {
  const r = spawnSync(ffprobePath, [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  if (r.status !== 0) throw new Error(`ffprobe failed: ${r.stderr.toString()}`);
  return Number(r.stdout.toString().trim());
}

/** Decodes every frame (ffmpeg -f null): true when the file plays back without errors. */
export function decodesCleanly(file: string): { ok: boolean; frames: number; stderr: string } {
  const r = spawnSync(ffmpegPath, ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'null', '-']);
  const count = spawnSync(ffprobePath, [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=nb_read_frames',
    '-of',
    'csv=p=0',
    file,
  ]);
  // The null muxer's note about equal timestamps of consecutive frames (millisecond timescale of
  // MediaRecorder's MP4) is not a decoding error, nor is ffmpeg's 'Last message repeated N times' that
  // follows it when it repeats; anything else is.
  const errors = r.stderr
    .toString()
    .split('\n')
    .filter(
      (l) =>
        l.trim() &&
        !l.includes('non monotonically increasing dts') &&
        !/Last message repeated \d+ times/.test(l),
    );
  return {
    ok: r.status === 0 && errors.length === 0,
    frames: Number(count.stdout.toString().trim()),
    stderr: errors.join('\n'),
  };
}
