import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  calibrateRig,
  drawCalibrationImage,
  findCameraProfile,
  readCalibrationFrames,
  type RigCameraResult,
} from '@poselab/pipeline';
import { CAMERA_CALIBRATION_TAG, type CameraCalibrationResult, type JobVideo } from '@poselab/contract';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';

/** User words for one camera that failed (SPEC §8: the trial's meta error text). */
export function cameraFailureText(index: number, video: JobVideo, r: RigCameraResult): string {
  const cam = video.device_name || `camera ${index + 1}`;
  switch (r.reason) {
    case 'board-not-found':
      return `Checkerboard not found in ${cam}.`;
    case 'board-too-small':
      return `The checkerboard is too small in ${cam}; move the board closer.`;
    case 'wrong-board-size':
      return `The checkerboard seen by ${cam} does not match the rows and columns entered.`;
    case 'cameras-disagree':
      return `The board orientation seen by ${cam} disagrees with the other cameras.`;
    default:
      return `${cam} could not be calibrated (${r.message}).`;
  }
}

/** Calibration trial: board detection, intrinsics, extrinsics, world frame; images; camera models. */
export async function processCalibration(ctx: JobContext): Promise<ProcessorOutcome> {
  const { spec } = ctx;
  const board = {
    rows: spec.checkerboard.rows,
    cols: spec.checkerboard.cols,
    squareSize: spec.checkerboard.square_size_mm / 1000,
  };
  const inputs = await ctx.step('decode', 5, 'Reading calibration videos', async () => {
    const out = [];
    for (const v of spec.videos) {
      const { frames } = await readCalibrationFrames(ctx.videoPaths.get(v.id)!);
      const profiles = (v.profiles ?? []).map((intrinsics) => ({
        phoneModel: v.model ?? '',
        intrinsics,
        rmsPx: 0,
        views: 0,
      }));
      const profile = frames[0]
        ? findCameraProfile(profiles, v.model ?? '', frames[0].width, frames[0].height)
        : null;
      out.push({ name: v.device_id, frames, profile: profile ?? undefined });
    }
    return out;
  });
  const rig = await ctx.step('calibrate', 30, 'Finding the checkerboard and calibrating cameras', () =>
    calibrateRig(inputs, board, {
      placement: spec.checkerboard.placement,
      onProgress: (f) => ctx.progress(30 + 50 * f, 'Finding the checkerboard and calibrating cameras'),
    }),
  );
  const failures = rig.perCamera
    .map((r, i) => (r.ok ? null : cameraFailureText(i, spec.videos[i], r)))
    .filter((t): t is string => !!t);
  ctx.log('calibration per camera', {
    perCamera: rig.perCamera.map((r) => ({ name: r.name, ok: r.ok, message: r.message })),
  });
  if (rig.calibratedCount < 2)
    throw new ProcessingError(
      `${failures.join(' ')} At least 2 cameras must see the whole checkerboard.`.trim(),
      rig.perCamera.map((r) => `${r.name}: ${r.message}`).join('; '),
    );

  await ctx.step('store', 85, 'Saving calibration', async () => {
    const result: CameraCalibrationResult = {
      source: 'recorded',
      cameras: rig.cameras.map((camera) => {
        const r = rig.perCamera.find((p) => p.name === camera.name)!;
        return {
          device_id: camera.name,
          camera,
          reprojection_error_px: r.extrinsicsRmsPx ?? null,
          alternative_extrinsics: r.alternativeExtrinsics ?? null,
        };
      }),
      checkerboard: spec.checkerboard,
      created_at: new Date().toISOString(),
    };
    const file = join(ctx.workDir, 'camera-calibration.json');
    await writeFile(file, JSON.stringify(result, null, 2));
    // The meta holds the same JSON so the server can count and use cameras without reading storage.
    await ctx.putResult({
      tag: CAMERA_CALIBRATION_TAG,
      deviceId: null,
      meta: result,
      fileName: 'camera-calibration.json',
      filePath: file,
    });
    for (let i = 0; i < spec.videos.length; i++) {
      const r = rig.perCamera[i];
      const frame = inputs[i].frames[r.frameIndex ?? 0];
      if (!frame) continue;
      const png = join(ctx.workDir, `calibration-img-${i + 1}.png`);
      const camera = rig.cameras.find((c) => c.name === r.name) ?? null;
      await writeFile(png, drawCalibrationImage(frame, r.ok ? (r.corners ?? []) : [], camera, { ...board }));
      await ctx.putResult({
        tag: 'calibration-img',
        deviceId: spec.videos[i].device_id,
        meta: { ok: r.ok, message: r.ok ? r.message : cameraFailureText(i, spec.videos[i], r) },
        fileName: `calibration-img-${i + 1}.png`,
        filePath: png,
      });
    }
  });
  return {
    message: rig.message,
    trialMeta: {
      message: rig.message,
      n_calibrated: rig.calibratedCount,
      ...(failures.length ? { warnings: failures } : {}),
    },
  };
}
