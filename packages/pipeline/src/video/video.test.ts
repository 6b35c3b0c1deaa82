import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFrames, decodeImage } from './decode';
import { ffmpegPath } from './ffmpeg-binaries';
import { probeVideo } from './probe';

const demo = resolve(__dirname, '../../../../../shared/data/pose2sim-demo');
const hasData = existsSync(demo);

describe.skipIf(!hasData)('video decoding (needs ../shared/data)', () => {
  it('probes a demo video', async () => {
    const info = await probeVideo(`${demo}/balancing/cam02.mp4`);
    expect(info.fps).toBeCloseTo(60, 0);
    expect(info.frameCount).toBe(100);
    expect(info.displayHeight).toBeGreaterThan(info.displayWidth);
  });

  it('decodes scaled gray frames with the requested size', async () => {
    const frames = [];
    for await (const f of decodeFrames(`${demo}/balancing/cam02.mp4`, 270, 480, {
      pixelFormat: 'gray',
      maxFrames: 5,
    }))
      frames.push(f);
    expect(frames).toHaveLength(5);
    expect(frames[4].data.length).toBe(270 * 480);
    expect(frames[4].index).toBe(4);
  });

  it('splits full-size frames (~100 pipe chunks each) exactly where ffmpeg wrote them', async () => {
    const file = `${demo}/balancing/cam02.mp4`;
    const raw = execFileSync(
      ffmpegPath,
      ['-v', 'error', '-i', file, '-vf', 'scale=1080:1920:flags=area', '-vsync', 'passthrough'].concat([
        '-frames:v',
        '3',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ]),
      { maxBuffer: 64 << 20 },
    );
    const size = 1080 * 1920 * 3;
    const frames = [];
    for await (const f of decodeFrames(file, 1080, 1920, { maxFrames: 3 })) frames.push(f.data);
    expect(frames).toHaveLength(3);
    frames.forEach((data, i) => expect(Buffer.compare(data, raw.subarray(i * size, (i + 1) * size))).toBe(0));
    // Each frame is its own copy: a consumer may keep one while the next is read.
    expect(frames[0].buffer).not.toBe(frames[1].buffer);
  });

  it('decodes an image and reports a missing file clearly', async () => {
    const img = await decodeImage(`${demo}/calibration/extrinsics/cam01.png`, 64, 64);
    expect(img.data.length).toBe(64 * 64);
    await expect(probeVideo(`${demo}/nope.mp4`)).rejects.toThrow();
  });
});
