/**
 * Per-frame profile of 2D detection (issue #26), `npm run bench:pose-profile [-- --frames 60 --variants
 * lite,full,heavy --runtimes tfjs,onnx]`, on the Pose2Sim demo's balancing cam01 (1080 × 1920, decoded to
 * 360 × 640 as detectRawPoses does):
 * - decode: ffmpeg decode + scale + rgb24 through the pipe, frames read into memory first (its own pass);
 * - then BlazePose on those frames in this thread, every stage timed (see StageTimes): RGB → tensor, person
 *   detector (crop + network + decoding; counted only on frames where tracking was lost), rotated-ROI crop to
 *   256 × 256, landmark network, post-processing (decoding, heatmap refinement, projection), other (the
 *   wrapper's full-frame cast, ROI bookkeeping);
 * - thread messaging and pool overhead: the same frames through detectRawPoses on a 1-worker pool, minus
 *   decode + estimate in this thread.
 * Last line: one JSON object { load, frames, profile: { "<runtime>/<variant>": { stage: ms/frame } } }.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createBlazePose,
  createPoseWorkerPool,
  decodeFrames,
  detectRawPoses,
  emptyStageTimes,
  probeVideo,
  type BlazePoseVariant,
  type PoseRuntime,
} from '@poselab/pipeline';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const video = path.join(root, '../shared/data/pose2sim-demo/balancing/cam01.mp4');
if (!existsSync(video)) {
  console.error(`Demo data not found: ${video}`);
  process.exit(1);
}
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const frameCount = Number(arg('frames', '60'));
const variants = arg('variants', 'lite,full,heavy').split(',') as BlazePoseVariant[];
const runtimes = arg('runtimes', 'tfjs,onnx').split(',') as PoseRuntime[];

const info = await probeVideo(video);
const scale = 640 / Math.max(info.displayWidth, info.displayHeight);
const [w, h] = [info.displayWidth, info.displayHeight].map((v) => Math.round((v * scale) / 2) * 2);

let t0 = performance.now();
const frames: Uint8Array[] = [];
for await (const f of decodeFrames(video, w, h, { maxFrames: frameCount })) frames.push(f.data);
const decodeMs = (performance.now() - t0) / frames.length;
console.log(`decode ${w}x${h}: ${decodeMs.toFixed(1)} ms/frame over ${frames.length} frames`);

const round = (v: number): number => Number(v.toFixed(1));
const profile: Record<string, Record<string, number>> = {};
for (const runtime of runtimes)
  for (const variant of variants) {
    const times = emptyStageTimes();
    const est = await createBlazePose(variant, { runtime, timings: times });
    await est.estimate(frames[0], w, h, 0); // warm-up (first-call kernel set-up), not counted
    est.reset();
    Object.assign(times, emptyStageTimes());
    for (let i = 0; i < frames.length; i++) await est.estimate(frames[i], w, h, (i * 1000) / info.fps);
    est.dispose();

    const pool = createPoseWorkerPool(1);
    await detectRawPoses([video], { pool, variant, runtime, frameCount: 2 });
    t0 = performance.now();
    await detectRawPoses([video], { pool, variant, runtime, frameCount: frames.length });
    const poolMs = (performance.now() - t0) / frames.length;
    await pool.close();

    const n = times.frames;
    const per = (v: number): number => round(v / n);
    const other =
      times.total - times.tensor - times.detector - times.crop - times.landmarkNetwork - times.post;
    const row = {
      decode: round(decodeMs),
      tensor: per(times.tensor),
      detector: per(times.detector),
      detectorNetwork: per(times.detectorNetwork),
      detectorRuns: times.detectorRuns,
      crop: per(times.crop),
      landmarkNetwork: per(times.landmarkNetwork),
      post: per(times.post),
      other: per(other),
      estimate: per(times.total),
      poolPerFrame: round(poolMs),
      messagingAndPool: round(poolMs - decodeMs - times.total / n),
    };
    profile[`${runtime}/${variant}`] = row;
    console.log(`${runtime}/${variant}:`, JSON.stringify(row));
  }

console.log(
  JSON.stringify({
    load: loadavg().map((l) => round(l)),
    frames: frames.length,
    width: w,
    height: h,
    profile,
  }),
);
