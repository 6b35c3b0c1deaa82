import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scaleModel, writeOsim, writeTrc } from '@poselab/biomech';
import { decodeFrames } from '@poselab/pipeline';
import { CAMERA_CALIBRATION_TAG, type CameraCalibrationResult } from '@poselab/contract';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';
import { keypointImagePng } from './images';
import { dropUnsteadyMarkers } from './marker-quality';
import { loadBiomechSetup, markersForModel } from './biomech-setup';
import {
  camerasOfTrial,
  keypointPipeline,
  leftOutCameras,
  markersOf,
  pickExtrinsics,
  type CameraView,
  withPairedNames,
} from './keypoint-stage';
import { rawPosesToKeypoints, type Keypoints2D, type RawPoseTrack } from '@poselab/pipeline';

/** Scaling errors of biomech are already in user words; the static-phase one gets SPEC's wording. */
function scalingError(err: unknown): ProcessingError {
  const msg = (err as Error).message;
  if (/still period|fewer than 2 frames/i.test(msg))
    return new ProcessingError(`No static phase found in the neutral pose recording. ${msg}`, msg);
  return new ProcessingError(`The model could not be scaled to the subject: ${msg}`, (err as Error).stack);
}

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

/** Neutral trial: keypoints, 3D, each camera's extrinsic solution by reprojection, model scaling, images. */
export async function processNeutral(ctx: JobContext): Promise<ProcessorOutcome> {
  const { spec } = ctx;
  if (!spec.calibration)
    throw new ProcessingError('No cameras have been calibrated. Please go back and calibrate your cameras.');
  const cams = camerasOfTrial(spec.videos, spec.calibration);
  const first = await keypointPipeline(ctx, cams, 5, 70);
  const views = first.tracks.map(rawPosesToKeypoints);
  const picked = await ctx.step(
    'pick-extrinsics',
    70,
    'Checking the camera positions against the subject',
    () => pickExtrinsics(cams, views, first),
  );
  const markers = markersOf(picked.result.keypoints);
  const setup = loadBiomechSetup(spec.settings);
  // Keypoints that jump by centimetres from frame to frame while the subject stands still are detection
  // failures (occlusion, camera subsets flipping): the built-in model is scaled on the steady ones and the user
  // is told. The augmenter needs every keypoint, so with it the keypoints go in as they are.
  const steady = setup.augmenter
    ? { data: markers, dropped: [] as string[] }
    : dropUnsteadyMarkers(markers, 15, { maxStillMm: 15, stillWindowSec: 0.1 });
  const modelMarkers = await ctx.step('augment', 78, 'Estimating anatomical markers', () =>
    markersForModel(steady.data, setup.augmenter, spec.subject),
  );
  const scaled = await ctx.step('scale', 80, 'Scaling the model to the subject', () => {
    try {
      return scaleModel(setup.generic, modelMarkers, {
        ...setup.scaleOptions,
        setup: spec.settings.scaling_setup ?? 'upright_standing_pose',
      });
    } catch (err) {
      throw scalingError(err);
    }
  });

  await ctx.step('store', 90, 'Saving the scaled model and neutral images', async () => {
    const save = async (name: string, data: string | Uint8Array) => {
      const file = join(ctx.workDir, name);
      await writeFile(file, data);
      return file;
    };
    const osim = writeOsim(
      scaled.model,
      `Scaled from ${setup.modelName} by PoseLab for trial ${spec.trial.id}`,
    );
    await ctx.putResult({
      tag: 'opensim_model',
      deviceId: null,
      meta: { model: setup.modelName, augmenter: setup.augmenterVersion, marker_rms_m: scaled.markerRmsM },
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
      meta: { frames: modelMarkers.frames.length },
      fileName: 'neutral-markers.trc',
      filePath: await save('neutral-markers.trc', writeTrc(modelMarkers)),
    });
    const metadata = {
      subject: spec.subject,
      settings: spec.settings,
      model: setup.modelName,
      augmenter: setup.augmenterVersion,
      scale_factors: scaled.segmentFactors,
      static_window: scaled.window,
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
    const mid = (scaled.window.start + scaled.window.end) / 2;
    const tMid = picked.result.keypoints.startTimeSec + mid / picked.result.keypoints.fps;
    for (const [j, camIndex] of picked.result.cameras.entries()) {
      const cam = picked.cams[camIndex];
      const track = first.tracks[camIndex];
      const local = tMid - picked.result.sync.startSec[camIndex];
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
      scale_factors: scaled.segmentFactors,
      flipped_cameras: picked.flipped,
      reprojection_px: picked.result.triangulation.meanReprojectionPx,
      warnings: [
        ...setup.warnings,
        ...leftOutCameras(cams, picked.result.cameras),
        ...(steady.dropped.length
          ? [`Keypoints too unsteady to scale the model: ${steady.dropped.join(', ')}.`]
          : []),
        ...withPairedNames(picked.result.warnings, cams),
      ],
      marker_rms_m: scaled.markerRmsM,
      pipeline_timings: first.timings,
    },
  };
}
