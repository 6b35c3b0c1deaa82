/**
 * The worker's processing of a session, step for step as apps/worker's processors run it (processNeutral, then
 * processDynamic), on video files: the keypoint stage (runTrialPipeline: 2D detection in pose worker threads,
 * sync by the phones' start times, person selection, triangulation, filter), the model and augmenter the worker
 * would choose (loadBiomechSetup / trialModelFor), scaling on the neutral (neutralKinematics), the scaled model
 * written and read back as .osim, the limb prior from it, and the trial's IK (trialKinematics). Only the
 * server's bookkeeping (uploads, results, synced videos) is left out.
 */
import { readOsim, writeOsim, type Model } from '@poselab/biomech';
import type { JobSpec } from '@poselab/contract';
import {
  createPoseWorkerPool,
  neutralKinematics,
  processKeypoints,
  rawPosesToKeypoints,
  runTrialPipeline,
  startTimesFromClocks,
  trialKinematics,
  trialLimbRefinement,
  type CameraModel,
  type CameraRef,
  type NeutralResult,
  type TrialPipelineResult,
  type TrialResult,
} from '@poselab/pipeline';
import { loadBiomechSetup, trialModelFor } from '../../apps/worker/src/processors/biomech-setup';
import { poseWorkerCount } from '../../apps/worker/src/processors/keypoint-stage';

export interface SessionInput {
  cameras: CameraModel[];
  neutral: { videos: string[]; startMs: number[] };
  trial: { videos: string[]; startMs: number[] };
  subject: JobSpec['subject'];
  settings: JobSpec['settings'];
  detectionCacheDir?: string;
  onProgress?: (message: string) => void;
}

export interface SessionResult {
  modelName: string;
  augmenter: string | null;
  neutralKeypoints: TrialPipelineResult;
  neutral: NeutralResult;
  /** The scaled model as the dynamic job reads it back from the neutral's .osim. */
  scaledModel: Model;
  trialKeypoints: TrialPipelineResult;
  trial: TrialResult;
}

export async function processSession(input: SessionInput): Promise<SessionResult> {
  const { cameras } = input;
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
    // pickExtrinsics has nothing to choose: these calibrations carry no alternative (mirror) solutions.
    const views = first.tracks.map(rawPosesToKeypoints);
    const setup = loadBiomechSetup(input.settings, input.subject);
    say(
      `neutral: scaling ${setup.modelName}${setup.augmenterVersion ? ` on augmenter ${setup.augmenterVersion} markers` : ''}`,
    );
    const neutral = await neutralKinematics({
      keypoints: first,
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
    const trial = await trialKinematics({ keypoints: trialKeypoints, trialModel, cameras: refs });
    return {
      modelName: setup.modelName,
      augmenter: setup.augmenterVersion,
      neutralKeypoints: first,
      neutral,
      scaledModel,
      trialKeypoints,
      trial,
    };
  } finally {
    await pool.close();
  }
}
