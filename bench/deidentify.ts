/**
 * Benchmark of the de-identification step (issue #27) on the Pose2Sim demo's balancing clips (1080×1920,
 * 60 fps; cam01 and cam02 show the subject's face and a bystander):
 * 1. The subject's head per frame from BlazePose full, as the trial's detection step gives it to the worker
 *    (timed apart: `poseDetectFps`, the processing's largest cost, to compare with).
 * 2. `deidentifyVideo` on each clip: `deidentifyFps` = frames / seconds (face scans, blur, H.264 encode), the
 *    face model on every core as in the worker's step.
 * 3. The check (face-check.test-helper.ts): people from MoveNet multi-pose, then the blurring face model at a
 *    lower threshold (0.3 against 0.45) and the full-range face model (another network) look for a face on
 *    every person's head in every frame, original and de-identified.
 * `--clips cam01,cam02` picks clips (default all four).
 * Last line: {"deidentifyFps", "facesFoundAfter", "facesFoundAfterFullRange", "subjectFoundBeforePct",
 * "poseDetectFps", "addedShareOfDetection", ...}.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createBlurringFaceModel,
  createFaceModel,
  deidentifyVideo,
  detectKeypoints2D,
  headBoxesFromKeypoints,
  probeVideo,
} from '@poselab/pipeline';
import {
  checkFaces,
  createPeopleModel,
  type FaceCheckResult,
} from '../packages/pipeline/src/deidentify/face-check.test-helper';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demo = path.join(root, '../shared/data/pose2sim-demo/balancing');
if (!existsSync(path.join(demo, 'cam01.mp4'))) {
  console.error(`Demo data not found in ${demo}`);
  process.exit(1);
}
const clipsArg = process.argv.indexOf('--clips');
const clips = (clipsArg >= 0 ? process.argv[clipsArg + 1] : 'cam01,cam02,cam03,cam04').split(',');
const out = mkdtempSync(path.join(tmpdir(), 'poselab-bench-deidentify-'));
const shortModel = await createFaceModel('short');
const blurModel = await createBlurringFaceModel();
const fullModel = await createFaceModel('full');
const people = await createPeopleModel();
let frames = 0;
let deidSec = 0;
let poseSec = 0;
const sum = (a: FaceCheckResult[], k: keyof Omit<FaceCheckResult, 'framesWithFaceAfter'>) =>
  a.reduce((s, r) => s + r[k], 0);
const lower: FaceCheckResult[] = [];
const other: FaceCheckResult[] = [];
try {
  for (const clip of clips) {
    const input = path.join(demo, `${clip}.mp4`);
    const info = await probeVideo(input);
    let t = performance.now();
    const kp = await detectKeypoints2D(input, { variant: 'full', workers: 1 });
    poseSec += (performance.now() - t) / 1000;
    const output = path.join(out, `${clip}-deidentified.mp4`);
    t = performance.now();
    const r = await deidentifyVideo(input, output, { heads: headBoxesFromKeypoints(kp), model: blurModel });
    const sec = (performance.now() - t) / 1000;
    deidSec += sec;
    frames += r.frames;
    const size = { width: r.width, height: r.height };
    lower.push(await checkFaces(input, output, { detector: shortModel, people, minScore: 0.3, size }));
    other.push(await checkFaces(input, output, { detector: fullModel, people, minScore: 0.5, size }));
    const [a, b] = [lower.at(-1)!, other.at(-1)!];
    console.log(
      `${clip}: ${info.displayWidth}x${info.displayHeight} ${r.frames} frames, ${(r.frames / sec).toFixed(1)} frames/s, ` +
        `${r.facesFound} faces in ${r.scannedFrames} scans; check (short 0.3 | full 0.5): subject found in ` +
        `${a.subjectFoundBefore}/${a.subjectFacingFrames} | ${b.subjectFoundBefore}/${b.subjectFacingFrames} original frames, ` +
        `faces on heads before ${a.facesFoundBefore} | ${b.facesFoundBefore}, after ${a.facesFoundAfter} | ${b.facesFoundAfter}` +
        (a.framesWithFaceAfter.length ? ` (frames ${a.framesWithFaceAfter.join(',')})` : ''),
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
const load = os.loadavg()[0];
console.log(`load average ${load.toFixed(2)} on ${os.cpus().length} cores`);
const facing = sum(lower, 'subjectFacingFrames');
console.log(
  JSON.stringify({
    deidentifyFps: +(frames / deidSec).toFixed(2),
    facesFoundAfter: sum(lower, 'facesFoundAfter'),
    facesFoundAfterFullRange: sum(other, 'facesFoundAfter'),
    subjectFoundBeforePct: +((100 * sum(lower, 'subjectFoundBefore')) / Math.max(1, facing)).toFixed(1),
    subjectFoundBeforeFullRangePct: +((100 * sum(other, 'subjectFoundBefore')) / Math.max(1, facing)).toFixed(
      1,
    ),
    subjectFacingFrames: facing,
    poseDetectFps: +(frames / poseSec).toFixed(2),
    addedShareOfDetection: +(deidSec / poseSec).toFixed(2),
    frames,
    loadAverage: +load.toFixed(2),
  }),
);
