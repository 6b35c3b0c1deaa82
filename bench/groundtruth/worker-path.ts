/**
 * The worker's processing of a session, step for step as apps/worker's processors run it (processNeutral, then
 * processDynamic), on video files: the keypoint stage (runTrialPipeline: 2D detection in pose worker threads,
 * sync by the phones' start times, person selection, triangulation, filter), the model and augmenter the worker
 * would choose (loadBiomechSetup / trialModelFor), scaling on the neutral (neutralKinematics), the scaled model
 * written and read back as .osim, the limb prior from it, and the trial's IK (trialKinematics). Only the
 * server's bookkeeping (uploads, results, synced videos) is left out.
 */
import { readOsim, writeOsim, type Model } from '@poselab/biomech';
import type { JobSpec, JobVideo } from '@poselab/contract';
import {
  createPoseWorkerPool,
  KinematicsError,
  neutralKinematics,
  processKeypoints,
  rawPosesToKeypoints,
  runTrialPipeline,
  startTimesFromClocks,
  trialKinematics,
  trialLimbRefinement,
  type CameraModel,
  type CameraRef,
  type KeypointProcessingResult,
  type NeutralResult,
  type TrialPipelineResult,
  type TrialResult,
} from '@poselab/pipeline';
import { loadBiomechSetup, trialModelFor } from '../../apps/worker/src/processors/biomech-setup';
import {
  pickExtrinsics,
  poseWorkerCount,
  type CameraView,
} from '../../apps/worker/src/processors/keypoint-stage';

export interface SessionInput {
  cameras: CameraModel[];
  /** Each camera's other planar solution from the calibration (the neutral keeps the better one). */
  alternatives?: Array<CameraModel['extrinsics'] | null>;
  neutral: { videos: string[]; startMs: number[] };
  trial: { videos: string[]; startMs: number[] };
  subject: JobSpec['subject'];
  settings: JobSpec['settings'];
  detectionCacheDir?: string;
  onProgress?: (message: string) => void;
}

export interface SessionResult {
  /** The cameras the session was processed with (after the neutral's choice of extrinsics). */
  cameras: CameraModel[];
  modelName: string;
  augmenter: string | null;
  neutralKeypoints: TrialPipelineResult;
  neutral: NeutralResult;
  /** The scaled model as the dynamic job reads it back from the neutral's .osim. */
  scaledModel: Model;
  trialKeypoints: TrialPipelineResult;
  /** Null when the worker refuses the trial (its KinematicsError, e.g. fit_too_poor, in `trialError`). */
  trial: TrialResult | null;
  trialError: KinematicsError | null;
}

export async function processSession(input: SessionInput): Promise<SessionResult> {
  let { cameras } = input;
  const refs: CameraRef[] = cameras.map((_, i) => ({ device_id: null, camera: `Camera ${i + 1}` }));
  const pool = createPoseWorkerPool(poseWorkerCount());
  const say = input.onProgress ?? (() => {});
  try {
    // processNeutral
    const neutralStarts = startTimesFromClocks(input.neutral.startMs);
    const still = { still: true } as const;
    say('neutral: 2D keypoints, sync, triangulation');
    const first = await runTrialPipeline({
      calibration: cameras,
      videoFiles: input.neutral.videos,
      workers: poseWorkerCount(),
      startTimesSec: neutralStarts,
      pool,
      detectionCacheDir: input.detectionCacheDir,
      ...still,
    });
    const views = first.tracks.map(rawPosesToKeypoints);
    let keypoints: KeypointProcessingResult = first;
    if (input.alternatives?.some(Boolean)) {
      // The worker's choice between each camera's two planar solutions, on the neutral's keypoints.
      const picked = pickExtrinsics(
        cameraViews(cameras, input.alternatives, input.neutral.startMs),
        views,
        first,
        still,
      );
      cameras = picked.cams.map((c) => c.camera);
      keypoints = picked.result;
      if (picked.flipped.length > 0)
        say(`neutral: other extrinsic solution kept for cameras ${picked.flipped.join(', ')}`);
    }
    const setup = loadBiomechSetup(input.settings, input.subject);
    say(
      `neutral: scaling ${setup.modelName}${setup.augmenterVersion ? ` on augmenter ${setup.augmenterVersion} markers` : ''}`,
    );
    const neutral = await neutralKinematics({
      keypoints,
      setup,
      scalingSetup: input.settings.scaling_setup ?? 'upright_standing_pose',
      cameras: refs,
      withoutCamera: (exclude) =>
        processKeypoints(cameras, views, {
          startTimesSec: neutralStarts,
          ...still,
          excludeCameras: [exclude],
        }),
    });
    const scaledModel = readOsim(
      writeOsim(neutral.scale.model, `Scaled from ${setup.modelName} by bench:groundtruth`),
    );

    // processDynamic
    const trialModel = trialModelFor(scaledModel, input.subject);
    say('trial: 2D keypoints, sync, triangulation');
    const trialKeypoints = await runTrialPipeline({
      calibration: cameras,
      videoFiles: input.trial.videos,
      workers: poseWorkerCount(),
      startTimesSec: startTimesFromClocks(input.trial.startMs),
      filterFrequency: input.settings.filter_frequency ?? 'default',
      limbRefinement: trialLimbRefinement(scaledModel),
      pool,
      detectionCacheDir: input.detectionCacheDir,
    });
    say('trial: inverse kinematics');
    let trial: TrialResult | null = null;
    let trialError: KinematicsError | null = null;
    try {
      trial = await trialKinematics({ keypoints: trialKeypoints, trialModel, cameras: refs });
    } catch (err) {
      if (!(err instanceof KinematicsError)) throw err;
      trialError = err;
    }
    return {
      cameras,
      modelName: setup.modelName,
      augmenter: setup.augmenterVersion,
      neutralKeypoints: first,
      neutral,
      scaledModel,
      trialKeypoints,
      trial,
      trialError,
    };
  } finally {
    await pool.close();
  }
}

/** The worker's view of each phone's video (only what pickExtrinsics reads is meaningful). */
function cameraViews(
  cameras: CameraModel[],
  alternatives: ReadonlyArray<CameraModel['extrinsics'] | null>,
  startMs: number[],
): CameraView[] {
  return cameras.map((camera, i) => ({
    video: {
      id: `video-${i + 1}`,
      device_id: `phone-${i + 1}`,
      device_name: `Camera ${i + 1}`,
      fps: 60,
      width: camera.intrinsics.width,
      height: camera.intrinsics.height,
      rotation: 0,
      duration_sec: 0,
      start_time_ms: startMs[i],
      frame_timestamps: null,
      file_name: `camera-${i + 1}.mp4`,
    } satisfies JobVideo,
    number: i + 1,
    camera,
    alternative: alternatives[i] ?? null,
  }));
}
