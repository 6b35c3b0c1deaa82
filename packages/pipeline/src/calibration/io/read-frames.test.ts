import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toGrayImage } from '../types';
import { readCalibrationFrames } from './read-frames';

const VIDEO = fileURLToPath(
  new URL('../../../../../../shared/data/pose2sim-demo/balancing/cam01.mp4', import.meta.url),
);

describe.skipIf(!existsSync(VIDEO))('readCalibrationFrames', () => {
  it('decodes frames spread over the whole video, scaled, as gray images', async () => {
    const { frames, frameIndices, positionsSec, info } = await readCalibrationFrames(VIDEO, {
      maxFrames: 10,
      maxSide: 960,
    });
    expect(info.frameCount).toBe(100);
    expect(frames).toHaveLength(10);
    expect(frameIndices).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(positionsSec[3]).toBeCloseTo(30 / 60, 6);
    expect(frames[0]).toMatchObject({ width: 540, height: 960 });
    expect(frames[0].data.length).toBe(540 * 960);
  });
});

describe('toGrayImage', () => {
  it('converts RGB with BT.601 luma and passes gray through', () => {
    const rgb = { width: 2, height: 1, channels: 3, data: Uint8Array.from([255, 255, 255, 255, 0, 0]) };
    expect([...toGrayImage(rgb).data]).toEqual([255, 77]);
    const gray = { width: 1, height: 1, data: Uint8Array.from([9]) };
    expect(toGrayImage(gray).data[0]).toBe(9);
    expect(() => toGrayImage({ width: 4, height: 4, data: new Uint8Array(3) })).toThrow(/shorter/);
  });
});
