import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeFrames } from '../video/decode';
import { createBlazePose, emptyStageTimes, type PoseEstimate } from './blazepose';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const video = path.join(repoRoot, '../shared/data/pose2sim-demo/balancing/cam02.mp4');
const hasData = existsSync(video);
if (!hasData) console.warn(`Skipping BlazePose runtime test: ${video} not found (shared test data absent)`);

describe.skipIf(!hasData)('createBlazePose: ONNX runtime against the former tfjs-wasm path', () => {
  it('finds the same landmarks on demo frames (own crop, tracking loop and ONNX network)', async () => {
    const frames: Uint8Array[] = [];
    for await (const f of decodeFrames(video, 360, 640, { maxFrames: 8 })) frames.push(f.data);
    const run = async (runtime: 'onnx' | 'tfjs') => {
      const times = emptyStageTimes();
      const est = await createBlazePose('full', { runtime, timings: times });
      const out: Array<PoseEstimate | null> = [];
      for (let i = 0; i < frames.length; i++) out.push(await est.estimate(frames[i], 360, 640, i * 20));
      est.dispose();
      return { out, times };
    };
    const tfjs = await run('tfjs');
    const onnx = await run('onnx');
    // Tracking: the detector ran on the first frame only, in both.
    expect(onnx.times.detectorRuns).toBe(1);
    expect(tfjs.times.detectorRuns).toBe(1);
    expect(onnx.times.frames).toBe(frames.length);
    let sum = 0;
    let n = 0;
    onnx.out.forEach((pose, f) => {
      const ref = tfjs.out[f];
      expect(pose && ref).toBeTruthy();
      expect(pose!.score).toBeCloseTo(ref!.score, 2);
      pose!.landmarks.forEach((l, k) => {
        const r = ref!.landmarks[k];
        expect(Math.abs(l.score - r.score)).toBeLessThan(0.02);
        if (r.score < 0.5) return;
        sum += Math.hypot(l.x - r.x, l.y - r.y);
        n++;
      });
    });
    expect(n).toBeGreaterThan(frames.length * 15);
    // Pixels of the 360 × 640 frame (× 3 for the 1080 × 1920 video).
    expect(sum / n).toBeLessThan(0.1);
  }, 180_000);
});
