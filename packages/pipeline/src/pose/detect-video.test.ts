import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { detectKeypoints2D, detectRawPoses } from './detect-video';
import { kpIndex } from './types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const video = path.join(repoRoot, '../shared/data/pose2sim-demo/balancing/cam01.mp4');
const hasData = existsSync(video);
if (!hasData) console.warn(`Skipping BlazePose test: ${video} not found (shared test data absent)`);

describe.skipIf(!hasData)('detectKeypoints2D (real BlazePose in a worker thread)', () => {
  it('finds the subject in the first frames of the demo video, in full-resolution pixels', async () => {
    const progress: number[] = [];
    const kp = await detectKeypoints2D(video, { workers: 1, frameCount: 3 }, (done) => progress.push(done));
    expect(kp.frameCount).toBe(3);
    expect([kp.width, kp.height]).toEqual([1080, 1920]);
    expect(progress.at(-1)).toBe(3);
    const at = (f: number, name: string): [number, number, number] => {
      const i = kpIndex(kp, f, kp.names.indexOf(name));
      return [kp.data[i], kp.data[i + 1], kp.data[i + 2]];
    };
    for (let f = 0; f < 3; f++) {
      const [nx, ny] = at(f, 'neck');
      const [, hy] = at(f, 'midhip');
      const [, ky] = at(f, 'l_knee');
      const [, ay, ac] = at(f, 'l_ankle');
      // Upright subject in the middle of the image (the bystander stands at the far left, x < 200 px).
      expect(nx).toBeGreaterThan(300);
      expect(nx).toBeLessThan(800);
      expect(ny).toBeLessThan(hy);
      expect(hy).toBeLessThan(ky);
      expect(ky).toBeLessThan(ay);
      expect(ac).toBeGreaterThan(0.5);
    }
  }, 60_000);

  it('with frameStride 2 runs the model on even frames and interpolates the odd ones', async () => {
    const [track] = await detectRawPoses([video], { workers: 1, frameCount: 5, frameStride: 2 });
    expect(track.frames).toHaveLength(5);
    const [f0, f1, f2] = track.frames;
    expect(f0 && f1 && f2).toBeTruthy();
    for (let i = 0; i < 33 * 3; i += 3) expect(f1![i]).toBeCloseTo((f0![i] + f2![i]) / 2, 3);
  }, 60_000);
});
