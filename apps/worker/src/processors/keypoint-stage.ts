import type { CameraModel } from '@poselab/pipeline';
import type { CameraCalibrationResult, JobVideo } from '@poselab/contract';
import { ProcessingError } from '../host';
import type { JobContext } from '../runner';
import {
  processKeypoints,
  runTrialPipeline,
  startTimesFromClocks,
  type CameraRef,
  type KeypointProcessingOptions,
  type KeypointProcessingResult,
  type Keypoints2D,
  type TrialPipelineResult,
  type TrialProgress,
} from '@poselab/pipeline';

/** A trial video with the calibrated camera of its phone. */
export interface CameraView {
  video: JobVideo;
  /** 1-based camera number shown to users: the phone's pairing number ('Camera 2'), else its video's place. */
  number: number;
  camera: CameraModel;
  alternative: CameraModel['extrinsics'] | null;
}

/** The number in the name a phone got when it was paired ('Camera 2' → 2), if it has one. */
function pairedNumber(video: JobVideo): number | null {
  const m = /^Camera (\d+)$/.exec(video.device_name ?? '');
  return m ? Number(m[1]) : null;
}

/** Pairs each video with its phone's calibrated camera; videos of uncalibrated phones are left out. */
export function camerasOfTrial(videos: JobVideo[], calibration: CameraCalibrationResult): CameraView[] {
  const views: CameraView[] = [];
  videos.forEach((video, i) => {
    const cal = calibration.cameras.find((c) => c.device_id === video.device_id);
    if (cal)
      views.push({
        video,
        number: pairedNumber(video) ?? i + 1,
        camera: cal.camera,
        alternative: cal.alternative_extrinsics ?? null,
      });
  });
  if (views.length < 2)
    throw new ProcessingError(
      `Only ${views.length} of the ${videos.length} videos come from calibrated cameras; at least 2 are needed. Calibrate the cameras again.`,
    );
  return views;
}

/** Pose worker threads for 2D detection (POSE_WORKERS, default 2): one BlazePose (onnxruntime, 1 thread) each. */
export function poseWorkerCount(): number {
  const n = Number(process.env.POSE_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

/** The videos' recording starts on the server clock, as the sync step takes them (the CLI's start-times.json). */
function startTimes(cams: CameraView[]): number[] | undefined {
  return startTimesFromClocks(cams.map((c) => c.video.start_time_ms));
}

function notSynchronised(err: unknown): ProcessingError {
  return new ProcessingError(
    'The subject was not seen by at least 2 cameras at the same time, so the videos could not be synchronised. Make sure the whole body is in view of every camera.',
    (err as Error).stack ?? String(err),
  );
}

/**
 * The keypoint part of the pipeline (2D detection in pose worker threads, a second detection pass where a camera
 * locked onto a bystander, sync, person selection, triangulation, filter), with progress from `from` to `to`.
 */
/** Options of the keypoint stage a processor chooses (the still neutral, the trial's filter and limb prior). */
export type KeypointStageOptions = Pick<
  KeypointProcessingOptions,
  'filterFrequency' | 'still' | 'limbRefinement' | 'excludeCameras'
>;

/** How users know each camera of the trial: 'Camera N' by pairing order, with its phone. */
export function cameraRefs(cams: CameraView[]): CameraRef[] {
  return cams.map((c) => ({ device_id: c.video.device_id, camera: `Camera ${c.number}` }));
}

export async function keypointPipeline(
  ctx: JobContext,
  cams: CameraView[],
  from: number,
  to: number,
  opts: KeypointStageOptions = {},
): Promise<TrialPipelineResult> {
  const detecting = 'Detecting the subject in the videos';
  return ctx.step('keypoints', from, detecting, async () => {
    let last = from;
    const report = (pct: number, message: string) => {
      if (pct - last >= 1 || message !== detecting) {
        last = pct;
        ctx.progress(pct, message);
      }
    };
    try {
      return await runTrialPipeline(
        {
          calibration: cams.map((c) => c.camera),
          videoFiles: cams.map((c) => ctx.videoPaths.get(c.video.id)!),
          workers: poseWorkerCount(),
          startTimesSec: startTimes(cams),
          ...opts,
        },
        (p: TrialProgress) => {
          const span = to - from;
          if (p.stage === 'keypoints2d')
            report(
              from + (0.85 * span * p.done) / Math.max(1, p.total),
              `${detecting} (${Math.round((100 * p.done) / Math.max(1, p.total))}%)`,
            );
          else if (p.stage === 'redetect')
            report(from + 0.85 * span, 'Separating the subject from other people');
          else report(from + 0.95 * span, 'Synchronising videos and reconstructing 3D keypoints');
        },
      );
    } catch (err) {
      if (/match the trial|at least 2|videos but/i.test((err as Error).message)) throw notSynchronised(err);
      throw err;
    }
  });
}

/** Sync, person selection, triangulation and filtering on already detected keypoints. */
export function triangulate(
  cams: CameraView[],
  views: Keypoints2D[],
  opts: KeypointStageOptions = {},
): KeypointProcessingResult {
  try {
    return processKeypoints(
      cams.map((c) => c.camera),
      views,
      { startTimesSec: startTimes(cams), ...opts },
    );
  } catch (err) {
    if (/match the trial|at least 2/i.test((err as Error).message)) throw notSynchronised(err);
    throw err;
  }
}

/**
 * Recorded calibrations keep the mirror-image extrinsic solution of each camera; this keeps, camera by camera,
 * the solution whose keypoints reproject best (lower error, more cameras used).
 */
export function pickExtrinsics(
  cams: CameraView[],
  views: Keypoints2D[],
  first: KeypointProcessingResult,
  opts: KeypointStageOptions = {},
): { cams: CameraView[]; result: KeypointProcessingResult; flipped: number[] } {
  const score = (r: KeypointProcessingResult) =>
    r.triangulation.meanReprojectionPx +
    20 * (1 - Math.min(...r.triangulation.cameraUseRatio)) +
    50 * (cams.length - r.cameras.length);
  let best = cams;
  let bestResult = first;
  const flipped: number[] = [];
  cams.forEach((c, i) => {
    if (!c.alternative) return;
    const trial = best.map((b, j) =>
      j === i ? { ...b, camera: { ...b.camera, extrinsics: c.alternative! } } : b,
    );
    try {
      const r = triangulate(trial, views, opts);
      if (score(r) < score(bestResult)) {
        best = trial;
        bestResult = r;
        flipped.push(c.number);
      }
    } catch {
      // This alternative does not even synchronise: keep the current choice.
    }
  });
  return { cams: best.map((c) => ({ ...c, alternative: null })), result: bestResult, flipped };
}
