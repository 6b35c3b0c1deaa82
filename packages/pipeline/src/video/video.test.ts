import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFrames, decodeImage } from './decode';
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

  it('decodes an image and reports a missing file clearly', async () => {
    const img = await decodeImage(`${demo}/calibration/extrinsics/cam01.png`, 64, 64);
    expect(img.data.length).toBe(64 * 64);
    await expect(probeVideo(`${demo}/nope.mp4`)).rejects.toThrow();
  });
});
