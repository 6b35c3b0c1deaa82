import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  motionFromFrames,
  readOsim,
  solveIK,
  visualizerTransforms,
  writeMot,
  writeTrc,
} from '@poselab/biomech';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';
import { camerasOfTrial, keypointPipeline, leftOutCameras, markersOf } from './keypoint-stage';
import { writeSyncedVideo } from './video-sync';
import { augmenterFor, markersForModel } from './biomech-setup';

/** Dynamic trial: keypoints, sync, 3D, filter, inverse kinematics on the neutral's scaled model, outputs. */
export async function processDynamic(ctx: JobContext): Promise<ProcessorOutcome> {
  const { spec } = ctx;
  if (!spec.calibration)
    throw new ProcessingError('No cameras have been calibrated. Please go back and calibrate your cameras.');
  if (!ctx.scaledModelPath)
    throw new ProcessingError(
      'The neutral pose of this session has not been processed. Record the neutral pose first.',
    );
  const cams = camerasOfTrial(spec.videos, spec.calibration);
  const kp = await keypointPipeline(ctx, cams, 5, 70, {
    filterFrequency: spec.settings.filter_frequency ?? 'default',
  });
  const keypoints = markersOf(kp.keypoints);
  // The common clock starts where the synced videos start: time 0 of the results is frame 0 of every video-sync.
  const t0 = keypoints.time[0] ?? 0;
  keypoints.time = keypoints.time.map((t) => t - t0);
  const model = readOsim(await readFile(ctx.scaledModelPath, 'utf8'));
  const withAugmenter = augmenterFor(model);
  const markers = await ctx.step('augment', 70, 'Estimating anatomical markers', () =>
    markersForModel(keypoints, withAugmenter?.augmenter ?? null, spec.subject),
  );
  const ik = await ctx.step('inverse-kinematics', 72, 'Computing joint angles (inverse kinematics)', () => {
    try {
      return withAugmenter
        ? solveIK(model, markers, {
            weights: withAugmenter.ikWeights,
            coordinateTargets: withAugmenter.coordinateTargets,
            smoothing: 0.005,
          })
        : solveIK(model, markers, { smoothing: 0.01 });
    } catch (err) {
      throw new ProcessingError('Joint angles could not be computed for this trial.', (err as Error).stack);
    }
  });

  const save = async (name: string, data: string | Uint8Array) => {
    const file = join(ctx.workDir, name);
    await writeFile(file, data);
    return file;
  };
  await ctx.step('write-results', 85, 'Writing results', async () => {
    const motion = motionFromFrames(model, ik.time, ik.frames);
    await ctx.putResult({
      tag: 'ik_results',
      deviceId: null,
      meta: { frames: ik.time.length, marker_rms_m: mean(ik.markerRms) },
      fileName: `${safeName(spec.trial.name)}.mot`,
      filePath: await save('ik.mot', writeMot(motion)),
    });
    const ikJson = {
      time: ik.time,
      coordinates: Object.fromEntries(motion.columns.map((c, j) => [c, motion.rows.map((r) => r[j + 1])])),
      in_degrees: motion.inDegrees,
    };
    await ctx.putResult({
      tag: 'IK-json',
      deviceId: null,
      meta: {},
      fileName: 'ik.json',
      filePath: await save('ik.json', JSON.stringify(ikJson)),
    });
    await ctx.putResult({
      tag: 'visualizerTransforms-json',
      deviceId: null,
      meta: {},
      fileName: 'visualizerTransforms.json',
      filePath: await save('visualizerTransforms.json', JSON.stringify(visualizerTransforms(model, motion))),
    });
    await ctx.putResult({
      tag: 'marker_data',
      deviceId: null,
      meta: { frames: markers.frames.length },
      fileName: `${safeName(spec.trial.name)}.trc`,
      filePath: await save('markers.trc', writeTrc(markers)),
    });
    await ctx.putResult({
      tag: 'opensim_model',
      deviceId: null,
      meta: {},
      fileName: 'scaled-model.osim',
      filePath: ctx.scaledModelPath,
    });
    // The calibration this trial was processed with (device ids included): the web app reprojects the model
    // into the synced videos with it, even after the session is calibrated again.
    await ctx.putResult({
      tag: 'camera-calibration',
      deviceId: null,
      meta: spec.calibration!,
      fileName: 'camera-calibration.json',
      filePath: await save('camera-calibration.json', JSON.stringify(spec.calibration, null, 2)),
    });
  });

  await ctx.step('video-sync', 90, 'Writing synchronised videos', async () => {
    const duration = kp.keypoints.frameCount / kp.keypoints.fps;
    for (const [j, camIndex] of kp.cameras.entries()) {
      const cam = cams[camIndex];
      const localStart = kp.keypoints.startTimeSec - kp.sync.startSec[camIndex];
      const out = join(ctx.workDir, `video-sync-${cam.number}.mp4`);
      await writeSyncedVideo(ctx.videoPaths.get(cam.video.id)!, out, localStart, duration);
      const fps = kp.tracks[camIndex].info.fps;
      const start = Math.max(0, Math.round(localStart * fps));
      await ctx.putResult({
        tag: 'video-sync',
        deviceId: cam.video.device_id,
        meta: { camera: cam.number, index: j, indices: { start, end: start + Math.round(duration * fps) } },
        fileName: `video-sync-${cam.number}.mp4`,
        filePath: out,
      });
      ctx.progress(90 + (9 * (j + 1)) / kp.cameras.length, 'Writing synchronised videos');
    }
  });
  return {
    message: 'Done',
    trialMeta: {
      frames: ik.time.length,
      fps: kp.keypoints.fps,
      model: model.name,
      augmenter: withAugmenter ? 'v0.3' : null,
      filter_hz: kp.filterHz,
      reprojection_px: kp.triangulation.meanReprojectionPx,
      ik_marker_rms_m: mean(ik.markerRms),
      warnings: [...leftOutCameras(cams, kp.cameras), ...kp.warnings],
      pipeline_timings: kp.timings,
    },
  };
}

function mean(v: number[]): number {
  const ok = v.filter(Number.isFinite);
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : NaN;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'trial';
}
