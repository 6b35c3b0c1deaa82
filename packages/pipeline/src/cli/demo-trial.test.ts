/**
 * Integration test on the Pose2Sim demo's balancing trial (4 cameras x 100 frames, Qualisys calibration):
 * real BlazePose detection in worker threads, then sync, person selection, triangulation and filtering.
 * Slow (~30 s of 2D detection on 2 idle cores, unless POSE_CACHE_DIR already holds the demo's detections);
 * skipped when ../shared/data is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPoint, type CameraModel } from '../camera/camera-model';
import { importQualisysCalibration } from '../calibration/import/qualisys';
import { segmentLengthStats } from '../keypoints3d/segments';
import { detectKeypoints2D, rawPosesToKeypoints } from '../pose/detect-video';
import type { Keypoints2D } from '../pose/types';
import { createPoseWorkerPool, type PoseWorkerPool } from '../pose/worker-pool';
import { delayedKeypoints } from '../sync/delayed';
import { synchronize } from '../sync/synchronize';
import { runTrialPipeline, type TrialPipelineResult } from './run-trial';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const demo = path.join(repoRoot, '../shared/data/pose2sim-demo');
const hasData = existsSync(path.join(demo, 'balancing/cam01.mp4'));
if (!hasData)
  console.warn(`Skipping the demo-trial integration test: ${demo} not found (shared test data absent)`);

describe.skipIf(!hasData)('demo balancing trial through the pipeline', () => {
  let cams: CameraModel[];
  let pool: PoseWorkerPool;
  let result: TrialPipelineResult;

  beforeAll(async () => {
    // Detections are shared with the worker's demo-agreement test (the demo is detected once per machine).
    process.env.POSE_CACHE_DIR ??= path.join(tmpdir(), 'poselab-test-pose-cache');
    cams = importQualisysCalibration(readFileSync(path.join(demo, 'calibration/Calib.qca.txt'), 'utf8'));
    pool = createPoseWorkerPool(2);
    const videoFiles = ['cam01', 'cam02', 'cam03', 'cam04'].map((c) =>
      path.join(demo, 'balancing', `${c}.mp4`),
    );
    result = await runTrialPipeline({ calibration: cams, videoFiles, pool, filterFrequency: 'default' });
  }, 300_000);
  afterAll(async () => pool?.close());

  it('gives every keypoint in every frame, with plausible quality, never on the bystander', () => {
    const kp = result.keypoints;
    expect(kp.frameCount).toBeGreaterThanOrEqual(95);
    for (const p of kp.positions) expect(p.some(Number.isNaN)).toBe(false);
    // Measured: mean reprojection ~10 px (target 8 px, missed: see README); segment length SD 2–4 mm after
    // the limb-length refinement (8–22 mm from the plain triangulation).
    expect(result.triangulation.meanReprojectionPx).toBeLessThan(12);
    for (const s of segmentLengthStats(kp)) expect(s.sdMm, s.name).toBeLessThanOrEqual(10);
    // The bystander stands at the far left of cam01 (x < 150 px, 340 < y < 780 px); the subject's keypoints never
    // go there (the subject's raised foot does reach x < 150 px, lower in the image).
    for (let k = 0; k < kp.names.length; k++) {
      for (let f = 0; f < kp.frameCount; f++) {
        const p = kp.positions[k];
        const [u, v] = projectPoint(cams[0], [p[f * 3], p[f * 3 + 1], p[f * 3 + 2]])!;
        expect(u < 150 && v > 340 && v < 780).toBe(false);
      }
    }
  });

  it('recovers a video shifted by 3, 7, 19 and 4.4 frames within 0.5 frame, and rejects another trial', async () => {
    const views = result.tracks.map(rawPosesToKeypoints);
    const sync = (v: Keypoints2D[]) =>
      synchronize(
        v.map((keypoints) => ({ keypoints })),
        { calibration: cams },
      );
    const base = sync(views);
    // Each camera in turn is the shifted one; its lag is measured against the next camera.
    const rel = (r: ReturnType<typeof sync>, c: number): number =>
      r.lagsFrames[c] - r.lagsFrames[(c + 1) % 4];
    for (let shiftedCam = 0; shiftedCam < 4; shiftedCam++) {
      for (const shift of [3, 7, 19, 4.4]) {
        const r = sync(views.map((v, c) => (c === shiftedCam ? delayedKeypoints(v, shift) : v)));
        expect(r.matches).toEqual([true, true, true, true]);
        const error = rel(r, shiftedCam) - rel(base, shiftedCam) - shift;
        expect(Math.abs(error), `cam0${shiftedCam + 1} shifted by ${shift}`).toBeLessThanOrEqual(0.5);
      }
    }
    // cam01 of the demo's static trial in place of the balancing trial's cam01.
    const other = await detectKeypoints2D(path.join(demo, 'static/cam01.mp4'), { pool });
    const r = sync([other, ...views.slice(1)]);
    expect(r.matches).toEqual([false, true, true, true]);
  }, 120_000);
});
