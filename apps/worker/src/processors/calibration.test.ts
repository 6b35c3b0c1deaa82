import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calibrationReport, cameraCalibrationResult, type JobSpec, type JobVideo } from '@poselab/contract';
import {
  cameraCenter as cameraCentre,
  ffmpegPath,
  lookAt,
  renderBoard,
  type CameraIntrinsics,
  type Vec3,
} from '@poselab/pipeline';
import { ProcessingError, type ResultUpload } from '../host';
import type { JobContext } from '../runner';
import { processCalibration } from './calibration';

const dir = mkdtempSync(join(tmpdir(), 'poselab-worker-calib-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INTR: CameraIntrinsics = {
  width: 480,
  height: 640,
  fx: 600,
  fy: 600,
  cx: 239.5,
  cy: 319.5,
  dist: [0, 0, 0, 0, 0],
};
const BOARD = { rows: 4, cols: 7, squareSize: 0.05 };
const CENTRE: Vec3 = [0.15, 0.075, 0];

/** A 1 s, 12 fps video of a still board seen from `eye` (board frame, −y up), as a phone uploads it. */
function boardVideo(name: string, eye: Vec3): string {
  const img = renderBoard({
    intrinsics: INTR,
    pose: lookAt(eye, CENTRE, [0, -1, 0]),
    board: BOARD,
    blurSigma: 0.8,
    noiseSigma: 2,
    supersample: 1,
  }).image;
  const raw = join(dir, `${name}.gray`);
  writeFileSync(raw, img.data);
  const file = join(dir, `${name}.mp4`);
  const r = spawnSync(ffmpegPath, [
    ...['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${INTR.width}x${INTR.height}`],
    ...['-r', '12', '-stream_loop', '-1', '-i', raw, '-t', '1', '-pix_fmt', 'yuv420p', file],
  ]);
  if (r.status !== 0) throw new Error(r.stderr.toString());
  return file;
}

const video = (id: string, startMs: number | null): JobVideo => ({
  id,
  device_id: `dev-${id}`,
  device_name: `Phone ${id}`,
  fps: 12,
  width: INTR.width,
  height: INTR.height,
  rotation: 0,
  duration_sec: 1,
  start_time_ms: startMs,
  frame_timestamps: null,
  file_name: `${id}.mp4`,
  model: 'TestPhone',
  profiles: [INTR],
});

function context(spec: JobSpec, files: Record<string, string>) {
  const results: ResultUpload[] = [];
  const ctx: JobContext = {
    spec,
    workDir: mkdtempSync(join(dir, 'job-')),
    videoPaths: new Map(Object.entries(files)),
    scaledModelPath: null,
    openInput: () => Promise.reject(new Error('no inputs')),
    downloadInput: () => Promise.reject(new Error('no inputs')),
    progress: () => undefined,
    step: async (_name, _percent, _message, fn) => fn(),
    putResult: async (r) => {
      results.push(r);
    },
    checkCancelled: () => undefined,
    log: () => undefined,
  };
  return { ctx, results };
}

const specOf = (videos: JobVideo[], cols = BOARD.cols): JobSpec => ({
  job_id: 'job-1',
  kind: 'calibration',
  attempt: 1,
  max_attempts: 3,
  lease_seconds: 60,
  trial: { id: 'trial-1', name: 'calibration', session_id: 's' },
  settings: {},
  checkerboard: { rows: BOARD.rows, cols, square_size_mm: 50, placement: 'Perpendicular' },
  subject: { weight_kg: 70, height_m: 1.8, sex: null },
  videos,
  calibration: null,
  scaled_model_result_id: null,
});

describe('processCalibration', () => {
  const a = boardVideo('a', [0.6, -0.25, -1.3]);
  const b = boardVideo('b', [-0.35, -0.2, -1.35]);

  it('stores an image per camera, the report with each camera figures, and the calibration', async () => {
    const { ctx, results } = context(specOf([video('a', 1_000_000), video('b', 1_000_040)]), { a, b });
    const outcome = await processCalibration(ctx);
    expect(outcome.message).toBe('2 devices calibrated successfully.');
    expect(results.map((r) => [r.tag, r.deviceId])).toEqual([
      ['calibration-img', 'dev-a'],
      ['calibration-img', 'dev-b'],
      ['calibration-report', null],
      ['camera-calibration', null],
    ]);
    const report = calibrationReport.parse(results[2].meta);
    expect(report).toMatchObject({ ok: true, timing: 'checked', height_reference: 'board_corner' });
    for (const c of report.cameras) {
      expect(c).toMatchObject({ ok: true, issues: [], intrinsics_source: 'profile' });
      expect(c.reprojection_error_px).toBeLessThan(0.5);
      expect(c.distance_to_board_m).toBeGreaterThan(1.3);
      expect(c.distance_to_board_m).toBeLessThan(1.6);
      expect(c.board_window_s).not.toBeNull();
    }
    const cal = cameraCalibrationResult.parse(results[3].meta);
    expect(cal.cameras.map((c) => c.device_id)).toEqual(['dev-a', 'dev-b']);
    expect(cal.cameras[0].height_m).toBeCloseTo(report.cameras[0].height_m!, 3);
  });

  it('re-records one camera through the camera kept from the earlier calibration', async () => {
    const first = context(specOf([video('a', 1_000_000), video('b', 1_000_040)]), { a, b });
    await processCalibration(first.ctx);
    const base = cameraCalibrationResult.parse(first.results[3].meta);
    // Phone b was moved; the board now stands elsewhere, seen by both.
    const b2 = boardVideo('b2', [-0.6, -0.1, -1.2]);
    const spec = {
      ...specOf([video('a', 2_000_000), video('b', 2_000_030)]),
      calibration: base,
      recalibrate_device_ids: ['dev-b'],
      base_calibration_trial_id: 'trial-0',
    };
    const { ctx, results } = context(spec, { a, b: b2 });
    expect((await processCalibration(ctx)).message).toBe('2 devices calibrated successfully.');
    const report = calibrationReport.parse(results.find((r) => r.tag === 'calibration-report')!.meta);
    expect(report.recalibrated_from).toBe('trial-0');
    expect(report.cameras.map((c) => [c.device_id, c.ok, c.kept])).toEqual([
      ['dev-a', true, true],
      ['dev-b', true, false],
    ]);
    const cal = cameraCalibrationResult.parse(results.find((r) => r.tag === 'camera-calibration')!.meta);
    // The kept camera's entry is the earlier one, unchanged; camera b is where it now stands.
    expect(cal.cameras[0]).toEqual(base.cameras[0]);
    const [x, y, z] = cameraCentre(cal.cameras[1].camera.extrinsics);
    const [bx, by, bz] = cameraCentre(base.cameras[1].camera.extrinsics);
    expect(Math.hypot(x - bx, y - by, z - bz)).toBeGreaterThan(0.2);
  });

  it('refuses a calibration with the reasons in user words, after storing the images and the report', async () => {
    const { ctx, results } = context(specOf([video('a', 1_000_000), video('b', 1_000_040)], 5), { a, b });
    const err = await processCalibration(ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect((err as ProcessingError).userMessage).toBe(
      'No camera was calibrated: at least 2 cameras must see the whole board at the same time. ' +
        'Camera 1 (Phone a): Wrong board size: found a bigger board than 4 × 5 — check rows and columns. ' +
        'Camera 2 (Phone b): Wrong board size: found a bigger board than 4 × 5 — check rows and columns.',
    );
    expect(results.map((r) => r.tag)).toEqual(['calibration-img', 'calibration-img', 'calibration-report']);
    const report = calibrationReport.parse(results[2].meta);
    expect(report.ok).toBe(false);
    expect(report.cameras[0].issues[0]).toMatchObject({
      code: 'wrong_board_size',
      params: { camera: 1, rows: 4, cols: 5 },
    });
  });
});
