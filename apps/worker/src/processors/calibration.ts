import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  calibrateRig,
  drawCalibrationImage,
  findCameraProfile,
  readCalibrationFrames,
  sharedFrameTimes,
  type CameraModel,
  type RigCameraInput,
} from '@poselab/pipeline';
import {
  CALIBRATION_REPORT_TAG,
  CAMERA_CALIBRATION_TAG,
  type CameraCalibrationResult,
  type JobSpec,
  type JobVideo,
} from '@poselab/contract';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';
import {
  calibrationReportOf,
  cameraCalibrationOf,
  refusalText,
  refusedCameraWarnings,
} from './calibration-report';

/**
 * The camera to keep for a video when some cameras are re-recorded: the earlier calibration's model of this
 * phone, unless this phone is being re-recorded or now films at another size (then it is calibrated again).
 */
function anchorOf(spec: JobSpec, video: JobVideo, width: number, height: number): CameraModel | undefined {
  const redo = spec.recalibrate_device_ids;
  if (!redo || !spec.calibration || redo.includes(video.device_id)) return undefined;
  const kept = spec.calibration.cameras.find((c) => c.device_id === video.device_id)?.camera;
  if (!kept || kept.intrinsics.width !== width || kept.intrinsics.height !== height) return undefined;
  return kept;
}

/**
 * Calibration trial: board detection, intrinsics, extrinsics from a moment when the cameras saw the board still
 * together (the phones' shared clock), agreement and plausibility checks, world frame; an image and a report
 * for every camera, calibrated or refused, and the camera models when the calibration can be trusted.
 */
export async function processCalibration(ctx: JobContext): Promise<ProcessorOutcome> {
  const { spec } = ctx;
  const board = {
    rows: spec.checkerboard.rows,
    cols: spec.checkerboard.cols,
    squareSize: spec.checkerboard.square_size_mm / 1000,
  };
  const placement = spec.checkerboard.placement;
  const recalibrating = !!spec.recalibrate_device_ids?.length && !!spec.calibration;
  const inputs = await ctx.step('decode', 5, 'Reading calibration videos', async () => {
    const out: RigCameraInput[] = [];
    const clocks: (number[] | null)[] = [];
    for (const v of spec.videos) {
      const { frames, positionsSec, info } = await readCalibrationFrames(ctx.videoPaths.get(v.id)!);
      const { width, height } = frames[0];
      const profiles = (v.profiles ?? []).map((intrinsics) => ({
        phoneModel: v.model ?? '',
        intrinsics,
        rmsPx: 0,
        views: 0,
      }));
      const profile = findCameraProfile(profiles, v.model ?? '', width, height);
      clocks.push(
        sharedFrameTimes(
          {
            startTimeMs: v.start_time_ms,
            frameTimestampsMs: v.frame_timestamps,
            fps: info.fps || v.fps,
            frameCount: info.frameCount,
          },
          positionsSec,
        ),
      );
      out.push({
        name: v.device_id,
        frames,
        profile: profile ?? undefined,
        anchor: recalibrating ? anchorOf(spec, v, width, height) : undefined,
      });
    }
    // Times only when every phone reported its clock: simultaneity is checked across all cameras or none.
    if (clocks.every((c) => c !== null)) out.forEach((o, i) => (o.frameTimesSec = clocks[i]!));
    return out;
  });
  const rig = await ctx.step('calibrate', 30, 'Finding the checkerboard and calibrating cameras', () =>
    calibrateRig(inputs, board, {
      placement,
      onProgress: (f) => ctx.progress(30 + 50 * f, 'Finding the checkerboard and calibrating cameras'),
    }),
  );
  const report = calibrationReportOf(
    rig,
    spec.videos,
    placement,
    recalibrating ? (spec.base_calibration_trial_id ?? null) : null,
  );
  ctx.log('calibration per camera', {
    ok: rig.ok,
    timing: rig.timing,
    issues: rig.issues.map((i) => i.message),
    perCamera: rig.perCamera.map((r) => ({ name: r.name, ok: r.ok, message: r.message })),
  });

  // Images and the report are stored whatever the outcome: the user sees why a camera was refused.
  await ctx.step('store', 85, 'Saving calibration', async () => {
    for (let i = 0; i < spec.videos.length; i++) {
      const r = rig.perCamera[i];
      const frame = inputs[i].frames[r.frameIndex ?? Math.floor(inputs[i].frames.length / 2)];
      if (!frame) continue;
      const png = join(ctx.workDir, `calibration-img-${i + 1}.png`);
      const camera = r.ok ? (rig.cameras.find((c) => c.name === r.name) ?? null) : null;
      await writeFile(png, drawCalibrationImage(frame, r.corners ?? [], camera, { ...board }));
      await ctx.putResult({
        tag: 'calibration-img',
        deviceId: spec.videos[i].device_id,
        meta: { ok: r.ok, number: i + 1, message: r.message },
        fileName: `calibration-img-${i + 1}.png`,
        filePath: png,
      });
    }
    const reportFile = join(ctx.workDir, 'calibration-report.json');
    await writeFile(reportFile, JSON.stringify(report, null, 2));
    await ctx.putResult({
      tag: CALIBRATION_REPORT_TAG,
      deviceId: null,
      meta: report,
      fileName: 'calibration-report.json',
      filePath: reportFile,
    });
    if (!rig.ok) return;
    const result: CameraCalibrationResult = cameraCalibrationOf(
      rig,
      spec.videos,
      spec.checkerboard,
      recalibrating ? spec.calibration : null,
      new Date().toISOString(),
    );
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
  });
  if (!rig.ok)
    throw new ProcessingError(
      refusalText(report),
      rig.perCamera.map((r) => `${r.name}: ${r.message}`).join('; '),
    );
  const warnings = refusedCameraWarnings(report);
  return {
    message: rig.message,
    trialMeta: {
      message: rig.message,
      n_calibrated: rig.calibratedCount,
      ...(warnings.length ? { warnings } : {}),
    },
  };
}
