/**
 * Adapter: runs the keypoint part of the pipeline on video files (2D detection in worker threads, then the
 * pure steps of processKeypoints), with a second detection pass restricted to the subject's region in frames
 * where a camera had locked onto somebody else.
 */
import type { CameraModel } from '../camera/camera-model';
import {
  processKeypoints,
  type KeypointProcessingOptions,
  type KeypointProcessingResult,
} from '../keypoints3d/process';
import type { BlazePoseVariant } from '../pose/blazepose';
import { detectRawPoses, rawPosesToKeypoints, type RawPoseTrack } from '../pose/detect-video';
import type { RoiBox } from '../pose/worker-protocol';
import { createPoseWorkerPool, type PoseWorkerPool } from '../pose/worker-pool';

export interface TrialPipelineInput extends KeypointProcessingOptions {
  calibration: CameraModel[];
  /** One video per calibrated camera, in the same order. */
  videoFiles: string[];
  model?: BlazePoseVariant;
  decodeLongSide?: number;
  /** Run the 2D model on every n-th frame and interpolate (see DetectOptions.frameStride). */
  frameStride?: number;
  workers?: number;
  pool?: PoseWorkerPool;
}

export type TrialProgress =
  | { stage: 'keypoints2d'; done: number; total: number }
  | { stage: 'redetect'; done: number; total: number }
  | { stage: 'triangulation' };

export interface TrialPipelineResult extends KeypointProcessingResult {
  tracks: RawPoseTrack[];
  timings: { detectSec: number; redetectSec: number; processSec: number };
  /** Frames re-detected inside the subject's region, per camera. */
  redetectedFrames: number[];
}

export async function runTrialPipeline(
  input: TrialPipelineInput,
  onProgress?: (p: TrialProgress) => void,
): Promise<TrialPipelineResult> {
  if (input.videoFiles.length !== input.calibration.length) {
    throw new Error(`${input.videoFiles.length} videos but ${input.calibration.length} calibrated cameras`);
  }
  const pool = input.pool ?? createPoseWorkerPool(input.workers ?? 2);
  try {
    const detectOpts = { pool, variant: input.model ?? 'full', decodeLongSide: input.decodeLongSide };
    let t = performance.now();
    const tracks = await detectRawPoses(
      input.videoFiles,
      { ...detectOpts, frameStride: input.frameStride },
      (done, total) => onProgress?.({ stage: 'keypoints2d', done, total }),
    );
    const detectSec = (performance.now() - t) / 1000;

    t = performance.now();
    onProgress?.({ stage: 'triangulation' });
    let result = processKeypoints(input.calibration, tracks.map(rawPosesToKeypoints), input);
    let processSec = (performance.now() - t) / 1000;

    // Second pass for frames where a camera saw somebody else: detect again inside the subject's region.
    t = performance.now();
    const redetectedFrames = input.videoFiles.map(() => 0);
    const requests = roiRequests(result, tracks);
    const total = requests.reduce((s, r) => s + r.count, 0);
    if (total > 0) {
      let done = 0;
      await Promise.all(
        requests.map(async (req) => {
          if (req.count === 0) return;
          const [redone] = await detectRawPoses([input.videoFiles[req.camera]], {
            ...detectOpts,
            rois: req.rois,
            roiOnly: true,
          });
          req.rois.forEach((roi, f) => {
            if (!roi) return;
            tracks[req.camera].frames[f] = redone.frames[f] ?? null;
            redetectedFrames[req.camera]++;
          });
          done += req.count;
          onProgress?.({ stage: 'redetect', done, total });
        }),
      );
      const redetectSec = (performance.now() - t) / 1000;
      t = performance.now();
      result = processKeypoints(input.calibration, tracks.map(rawPosesToKeypoints), input);
      processSec += (performance.now() - t) / 1000;
      return { ...result, tracks, timings: { detectSec, redetectSec, processSec }, redetectedFrames };
    }
    return { ...result, tracks, timings: { detectSec, redetectSec: 0, processSec }, redetectedFrames };
  } finally {
    if (!input.pool) await pool.close();
  }
}

interface RoiRequest {
  camera: number;
  rois: Array<RoiBox | null>;
  count: number;
}

/** Maps the rejected frames (on the common clock) back to each video's own frame indices. */
function roiRequests(result: KeypointProcessingResult, tracks: RawPoseTrack[]): RoiRequest[] {
  return tracks.map((track, camera) => {
    const rois = new Array<RoiBox | null>(track.frames.length).fill(null);
    let count = 0;
    const j = result.cameras.indexOf(camera);
    if (j >= 0) {
      const fps = result.keypoints.fps;
      for (const f of result.selection.rejectedFrames[j]) {
        const roi = result.selection.rois[j][f];
        const videoFrame = Math.round(
          (result.keypoints.startTimeSec + f / fps - result.sync.startSec[camera]) * track.info.fps,
        );
        if (!roi || videoFrame < 0 || videoFrame >= rois.length || rois[videoFrame]) continue;
        rois[videoFrame] = roi;
        count++;
      }
    }
    return { camera, rois, count };
  });
}
