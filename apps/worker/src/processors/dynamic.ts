import { readFile, writeFile } from 'node:fs/promises';
import { DATA_SHARING_CHOICES } from '@poselab/contract';
import { join } from 'node:path';
import { readOsim, visualizerTransforms, writeMot, writeTrc } from '@poselab/biomech';
import { KinematicsError, renumberCameras, trialKinematics, trialLimbRefinement } from '@poselab/pipeline';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';
import { cameraRefs, camerasOfTrial, keypointPipeline } from './keypoint-stage';
import { writeSyncedVideo } from './video-sync';
import { deidentifyVideos, type DeidentifyCamera } from './deidentify';
import { trialModelFor } from './biomech-setup';

/**
 * Dynamic trial: keypoints (limb lengths held to the neutral's, left and right alike), then the pipeline's
 * trialKinematics (as the CLI): IK on the neutral's scaled model, quality figures, coded warnings, and an
 * error beyond the hard limits; outputs, synced videos and their de-identified copies.
 */
export async function processDynamic(ctx: JobContext): Promise<ProcessorOutcome> {
  const { spec } = ctx;
  if (!spec.calibration)
    throw new ProcessingError('No cameras have been calibrated. Please go back and calibrate your cameras.');
  if (!ctx.scaledModelPath)
    throw new ProcessingError(
      'The neutral pose of this session has not been processed. Record the neutral pose first.',
    );
  const cams = camerasOfTrial(spec.videos, spec.calibration);
  const model = readOsim(await readFile(ctx.scaledModelPath, 'utf8'));
  const trialModel = trialModelFor(model, spec.subject);
  const kp = await keypointPipeline(ctx, cams, 5, 70, {
    filterFrequency: spec.settings.filter_frequency ?? 'default',
    limbRefinement: trialLimbRefinement(model),
  });
  // The synced videos need only the synchronisation: they are encoded (ffmpeg, one after the other) while
  // inverse kinematics runs instead of after everything else, off the critical path (issue #26).
  const duration = kp.keypoints.frameCount / kp.keypoints.fps;
  const synced = kp.cameras.map((camIndex) => {
    const cam = cams[camIndex];
    const localStart = kp.keypoints.startTimeSec - kp.sync.startSec[camIndex];
    return { camIndex, cam, localStart, out: join(ctx.workDir, `video-sync-${cam.number}.mp4`) };
  });
  const encoding = (async () => {
    for (const v of synced)
      await writeSyncedVideo(ctx.videoPaths.get(v.cam.video.id)!, v.out, v.localStart, duration);
  })();
  // Awaited in the video-sync step; a failure before then must neither go unhandled nor outlive the job.
  const settleEncoding = (err: unknown): Promise<never> =>
    encoding.then(
      () => Promise.reject(err),
      () => Promise.reject(err),
    );
  encoding.catch(() => {});
  const result = await ctx
    .step('inverse-kinematics', 72, 'Computing joint angles (inverse kinematics)', async () => {
      try {
        return await trialKinematics({ keypoints: kp, trialModel, cameras: cameraRefs(cams) });
      } catch (err) {
        if (err instanceof KinematicsError) throw new ProcessingError(err.message, err.detail);
        throw err;
      }
    })
    .catch(settleEncoding);
  const { ik, markers, motion } = result;
  const warnings = renumberCameras(
    result.warnings,
    cams.map((c) => c.number),
  );

  const save = async (name: string, data: string | Uint8Array) => {
    const file = join(ctx.workDir, name);
    await writeFile(file, data);
    return file;
  };
  await ctx
    .step('write-results', 85, 'Writing results', async () => {
      await ctx.putResult({
        tag: 'ik_results',
        deviceId: null,
        meta: { frames: ik.time.length, marker_rms_mm: result.quality.ik_marker_rms_mm },
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
        filePath: await save(
          'visualizerTransforms.json',
          JSON.stringify(visualizerTransforms(model, motion)),
        ),
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
    })
    .catch(settleEncoding);

  const deidentify: DeidentifyCamera[] = [];
  await ctx.step('video-sync', 88, 'Writing synchronised videos', async () => {
    await encoding;
    for (const [j, v] of synced.entries()) {
      const fps = kp.tracks[v.camIndex].info.fps;
      const start = Math.max(0, Math.round(v.localStart * fps));
      await ctx.putResult({
        tag: 'video-sync',
        deviceId: v.cam.video.device_id,
        meta: { camera: v.cam.number, index: j, indices: { start, end: start + Math.round(duration * fps) } },
        fileName: `video-sync-${v.cam.number}.mp4`,
        filePath: v.out,
      });
      deidentify.push({
        cam: v.cam,
        track: kp.tracks[v.camIndex],
        synced: { file: v.out, startFrame: Math.round(v.localStart * fps) },
      });
      ctx.progress(88 + (4 * (j + 1)) / kp.cameras.length, 'Writing synchronised videos');
    }
  });
  // Only for subjects who chose de-identified videos: the step costs more than the rest of the processing
  // (README), so others' trials skip it; after a later switch to that choice, visitors get no video until
  // the trial is processed again.
  if (spec.settings.data_sharing === DATA_SHARING_CHOICES[1]) await deidentifyVideos(ctx, deidentify, 92, 99);
  return {
    message: 'Done',
    trialMeta: {
      frames: ik.time.length,
      fps: kp.keypoints.fps,
      model: model.name,
      augmenter: trialModel.augment ? 'v0.3' : null,
      filter_hz: kp.filterHz,
      reprojection_px: kp.triangulation.meanReprojectionPx,
      ik_marker_rms_m: (result.quality.ik_marker_rms_mm ?? NaN) / 1000,
      quality: result.quality,
      warnings,
      // The synchronisation's outcome on the trial's clock: where each camera's video starts (by device) and
      // where the results' time 0 lies. What imported files' offsets came out as (issue #28), and what a wrong
      // sync is diagnosed from.
      sync: {
        video_start_sec: Object.fromEntries(
          cams.map((c, i) => [c.video.device_id, round5(kp.sync.startSec[i])]),
        ),
        results_start_sec: round5(kp.keypoints.startTimeSec),
      },
      pipeline_timings: kp.timings,
    },
  };
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'trial';
}
