import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeMot, writeOsim, writeTrc } from '@poselab/biomech';
import {
  decodeFrames,
  KinematicsError,
  neutralKinematics,
  rawPosesToKeypoints,
  renumberCameras,
  type Keypoints2D,
  type RawPoseTrack,
} from '@poselab/pipeline';
import { CAMERA_CALIBRATION_TAG, type CameraCalibrationResult } from '@poselab/contract';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';
import { keypointImagePng } from './images';
import { loadBiomechSetup } from './biomech-setup';
import {
  cameraRefs,
  camerasOfTrial,
  keypointPipeline,
  pickExtrinsics,
  triangulate,
  type CameraView,
} from './keypoint-stage';

/** The neutral image of one camera: the frame in the middle of the static window with its keypoints. */
async function neutralImage(
  file: string,
  track: RawPoseTrack,
  kp: Keypoints2D,
  videoFrame: number,
): Promise<Uint8Array> {
  const { displayWidth: w, displayHeight: h, fps } = track.info;
  const frame = Math.max(0, Math.min(kp.frameCount - 1, videoFrame));
  let rgb: Uint8Array | null = null;
  for await (const f of decodeFrames(file, w, h, {
    pixelFormat: 'rgb24',
    startSec: frame / fps,
    maxFrames: 1,
  }))
    rgb = f.data;
  if (!rgb) throw new Error(`could not decode frame ${frame} of ${file}`);
  const n = kp.names.length;
  const points: [number, number][] = [];
  for (let k = 0; k < n; k++) {
    const o = (frame * n + k) * 3;
    if (kp.data[o + 2] > 0.3) points.push([kp.data[o], kp.data[o + 1]]);
  }
  return keypointImagePng(w, h, rgb, points);
}

/**
 * Neutral trial: keypoints of a still subject (synchronised by the clocks), each camera's extrinsic solution
 * by reprojection, then the pipeline's neutralKinematics (as the CLI): scaling with marker placement, the
 * neutral's own IK, quality figures and coded warnings; images and results.
 */
export async function processNeutral(ctx: JobContext): Promise<ProcessorOutcome> {
  const { spec } = ctx;
  if (!spec.calibration)
    throw new ProcessingError('No cameras have been calibrated. Please go back and calibrate your cameras.');
  const cams = camerasOfTrial(spec.videos, spec.calibration);
  const stage = { still: true } as const;
  const first = await keypointPipeline(ctx, cams, 5, 70, stage);
  const views = first.tracks.map(rawPosesToKeypoints);
  const picked = await ctx.step(
    'pick-extrinsics',
    70,
    'Checking the camera positions against the subject',
    () => pickExtrinsics(cams, views, first, stage),
  );
  const setup = loadBiomechSetup(spec.settings, spec.subject);
  const neutral = await ctx.step('scale', 78, 'Scaling the model to the subject', async () => {
    try {
      return await neutralKinematics({
        keypoints: picked.result,
        setup,
        scalingSetup: spec.settings.scaling_setup ?? 'upright_standing_pose',
        cameras: cameraRefs(picked.cams),
        withoutCamera: (exclude) => triangulate(picked.cams, views, { ...stage, excludeCameras: [exclude] }),
      });
    } catch (err) {
      if (err instanceof KinematicsError) throw new ProcessingError(err.message, err.detail);
      throw err;
    }
  });
  const numbers = picked.cams.map((c) => c.number);
  const warnings = renumberCameras(neutral.warnings, numbers);

  await ctx.step('store', 90, 'Saving the scaled model and neutral images', async () => {
    const save = async (name: string, data: string | Uint8Array) => {
      const file = join(ctx.workDir, name);
      await writeFile(file, data);
      return file;
    };
    const osim = writeOsim(
      neutral.scale.model,
      `Scaled from ${setup.modelName} by PoseLab for trial ${spec.trial.id}`,
    );
    await ctx.putResult({
      tag: 'opensim_model',
      deviceId: null,
      meta: {
        model: setup.modelName,
        augmenter: setup.augmenterVersion,
        marker_rms_m: neutral.scale.markerRmsM,
      },
      fileName: 'scaled-model.osim',
      filePath: await save('scaled-model.osim', osim),
    });
    const calibration: CameraCalibrationResult = {
      ...spec.calibration!,
      cameras: spec.calibration!.cameras.map((c) => {
        const chosen = picked.cams.find((p: CameraView) => p.video.device_id === c.device_id);
        return chosen ? { ...c, camera: chosen.camera, alternative_extrinsics: null } : c;
      }),
    };
    await ctx.putResult({
      tag: CAMERA_CALIBRATION_TAG,
      deviceId: null,
      meta: calibration,
      fileName: 'camera-calibration.json',
      filePath: await save('camera-calibration.json', JSON.stringify(calibration, null, 2)),
    });
    await ctx.putResult({
      tag: 'marker_data',
      deviceId: null,
      meta: { frames: neutral.markers.frames.length },
      fileName: 'neutral-markers.trc',
      filePath: await save('neutral-markers.trc', writeTrc(neutral.markers)),
    });
    // The neutral's own joint angles on the scaled model (how upright the subject stood).
    await ctx.putResult({
      tag: 'ik_results',
      deviceId: null,
      meta: { frames: neutral.ik.time.length, marker_rms_mm: neutral.quality.ik_marker_rms_mm },
      fileName: 'neutral.mot',
      filePath: await save('neutral.mot', writeMot(neutral.motion)),
    });
    const metadata = {
      subject: spec.subject,
      settings: spec.settings,
      model: setup.modelName,
      augmenter: setup.augmenterVersion,
      scale_factors: neutral.scale.segmentFactors,
      static_window: neutral.scale.window,
      cameras: picked.cams.map((c) => ({
        number: c.number,
        device_id: c.video.device_id,
        device_name: c.video.device_name,
      })),
    };
    await ctx.putResult({
      tag: 'session_metadata',
      deviceId: null,
      meta: metadata,
      fileName: 'session_metadata.json',
      filePath: await save('session_metadata.json', JSON.stringify(metadata, null, 2)),
    });
    // Static window frames are on the common clock; each camera's own frame is shifted by its sync start.
    const kp = neutral.keypoints;
    const mid = (neutral.scale.window.start + neutral.scale.window.end) / 2;
    const tMid = kp.keypoints.startTimeSec + mid / kp.keypoints.fps;
    for (const [j, camIndex] of kp.cameras.entries()) {
      const cam = picked.cams[camIndex];
      const track = first.tracks[camIndex];
      const local = tMid - kp.sync.startSec[camIndex];
      const png = await neutralImage(
        ctx.videoPaths.get(cam.video.id)!,
        track,
        views[camIndex],
        Math.round(local * track.info.fps),
      );
      await ctx.putResult({
        tag: 'neutral-img',
        deviceId: cam.video.device_id,
        meta: { camera: cam.number, index: j },
        fileName: `neutral-img-${cam.number}.png`,
        filePath: await save(`neutral-img-${cam.number}.png`, png),
      });
    }
  });
  return {
    message: 'Neutral pose processed.',
    trialMeta: {
      model: setup.modelName,
      augmenter: setup.augmenterVersion,
      scale_factors: neutral.scale.segmentFactors,
      flipped_cameras: picked.flipped,
      reprojection_px: neutral.keypoints.triangulation.meanReprojectionPx,
      marker_rms_m: neutral.scale.markerRmsM,
      quality: neutral.quality,
      warnings,
      pipeline_timings: first.timings,
    },
  };
}
