/**
 * Adapter: runs the keypoint part of the pipeline on video files (2D detection in worker threads, then the
 * pure steps of processKeypoints), with second detection passes restricted to the subject's region: in frames
 * where a camera had locked onto somebody else, and over the whole video of a camera left out because its
 * keypoints disagreed with the others' (BlazePose tracking a wrong crop, as in the demo's neutral cam02).
 */
import { reconstructedSpan, sliceFrames } from '../keypoints3d/trim-edges';
import type { CameraModel } from '../camera/camera-model';
import {
  processKeypoints,
  type KeypointProcessingOptions,
  type KeypointProcessingResult,
} from '../keypoints3d/process';
import type { BlazePoseVariant, PoseRuntime } from '../pose/blazepose';
import { withDetectionCache } from '../pose/detection-cache';
import {
  detectRawPoses,
  rawPosesToKeypoints,
  type DetectOptions,
  type RawPoseTrack,
} from '../pose/detect-video';
import { subjectRoi } from '../pose/person-selection';
import type { RoiBox } from '../pose/worker-protocol';
import { createPoseWorkerPool, type PoseWorkerPool } from '../pose/worker-pool';
import { processingWarning } from '../quality/warnings';

export interface TrialPipelineInput extends KeypointProcessingOptions {
  calibration: CameraModel[];
  /** One video per calibrated camera, in the same order. */
  videoFiles: string[];
  model?: BlazePoseVariant;
  /** Landmark network runtime (see DetectOptions.runtime). */
  runtime?: PoseRuntime;
  decodeLongSide?: number;
  /** Run the 2D model on every n-th frame and interpolate (see DetectOptions.frameStride). */
  frameStride?: number;
  workers?: number;
  pool?: PoseWorkerPool;
  /**
   * Folder caching 2D detections by video content (tests and benchmarks that process the same videos through
   * several paths); default: the POSE_CACHE_DIR environment variable, unset = no cache.
   */
  detectionCacheDir?: string;
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
  const cacheDir = input.detectionCacheDir ?? (process.env.POSE_CACHE_DIR || undefined);
  const detect = (
    files: string[],
    opts: Omit<DetectOptions, 'pool'>,
    progress?: (d: number, t: number) => void,
  ) => withDetectionCache(cacheDir, files, opts, (f, p) => detectRawPoses(f, { ...opts, pool }, p), progress);
  try {
    const detectOpts = {
      variant: input.model ?? 'full',
      runtime: input.runtime,
      decodeLongSide: input.decodeLongSide,
    };
    let t = performance.now();
    const tracks = await detect(
      input.videoFiles,
      { ...detectOpts, frameStride: input.frameStride },
      (done, total) => onProgress?.({ stage: 'keypoints2d', done, total }),
    );
    const detectSec = (performance.now() - t) / 1000;

    t = performance.now();
    onProgress?.({ stage: 'triangulation' });
    const triangulate = () => processKeypoints(input.calibration, tracks.map(rawPosesToKeypoints), input);
    let result = triangulate();
    let processSec = (performance.now() - t) / 1000;

    // Second passes: detect again inside the subject's region, first where a camera saw a bystander, then over
    // the whole video of a camera left out.
    const redetectedFrames = input.videoFiles.map(() => 0);
    let redetectSec = 0;
    const redetect = async (requests: RoiRequest[]): Promise<void> => {
      const total = requests.reduce((sum, r) => sum + r.count, 0);
      let done = 0;
      const t0 = performance.now();
      await Promise.all(
        requests.map(async (req) => {
          const [redone] = await detect([input.videoFiles[req.camera]], {
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
      redetectSec += (performance.now() - t0) / 1000;
    };
    const reprocess = () => {
      const t0 = performance.now();
      const r = triangulate();
      processSec += (performance.now() - t0) / 1000;
      return r;
    };
    const bystanders = roiRequests(result, tracks);
    if (bystanders.length > 0) {
      await redetect(bystanders);
      result = reprocess();
    }
    const leftOut = leftOutRequests(result, tracks, input);
    if (leftOut.length > 0) {
      const before = leftOut.map((r) => ({ camera: r.camera, frames: [...tracks[r.camera].frames] }));
      const counts = [...redetectedFrames];
      await redetect(leftOut);
      const second = reprocess();
      // A camera re-detected in the subject's region must now agree with the others, and no camera that agreed
      // before may drop out; otherwise the first detections stand.
      const recovered = leftOut.filter((r) => second.cameras.includes(r.camera)).map((r) => r.camera);
      const lost = result.cameras.some((c) => !second.cameras.includes(c));
      const restore = before.filter((b) => lost || !recovered.includes(b.camera));
      for (const b of restore) {
        tracks[b.camera].frames = b.frames;
        redetectedFrames[b.camera] = counts[b.camera];
      }
      if (!lost && recovered.length > 0) {
        result = restore.length > 0 ? reprocess() : second;
        result = {
          ...result,
          warnings: [
            ...recovered.map((c) => processingWarning('camera_redetected', { camera: c + 1 })),
            ...result.warnings,
          ],
        };
      }
    }
    // Leading and trailing frames where the body is not reconstructed (e.g. only two cameras of files that
    // started at different times, one of them not seeing a knee) are cut off: the results start where it is.
    const span = reconstructedSpan(result.unfiltered);
    result = {
      ...result,
      keypoints: sliceFrames(result.keypoints, span.start, span.end),
      unfiltered: sliceFrames(result.unfiltered, span.start, span.end),
    };
    return { ...result, tracks, timings: { detectSec, redetectSec, processSec }, redetectedFrames };
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
  return tracks
    .map((track, camera) => {
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
    })
    .filter((r) => r.count > 0);
}

/**
 * For each camera left out of a trial that the other cameras reconstructed: the subject's region in every
 * frame of its video (the 3D keypoints reprojected at the time the camera's clock, or 0, puts the frame).
 */
function leftOutRequests(
  result: KeypointProcessingResult,
  tracks: RawPoseTrack[],
  input: TrialPipelineInput,
): RoiRequest[] {
  const kp = result.keypoints;
  if (result.cameras.length < 2 || kp.frameCount === 0) return [];
  const ref = result.sync.referenceCamera;
  const clocks = input.startTimesSec;
  const clockKnown = !!clocks && clocks.every((s) => Number.isFinite(s));
  return tracks.flatMap((track, camera) => {
    if (result.cameras.includes(camera)) return [];
    // On the common clock the reference starts at its own clock time (0 without clocks).
    const start = clockKnown ? clocks![camera]! - clocks![ref]! + result.sync.startSec[ref] : 0;
    const rois = track.frames.map((_, i) => {
      const g = Math.round((start + i / track.info.fps - kp.startTimeSec) * kp.fps);
      if (g < -kp.fps / 2 || g > kp.frameCount - 1 + kp.fps / 2) return null;
      const f = Math.min(kp.frameCount - 1, Math.max(0, g));
      const points = kp.positions.map((p): [number, number, number] | null =>
        Number.isNaN(p[f * 3]) ? null : [p[f * 3], p[f * 3 + 1], p[f * 3 + 2]],
      );
      return subjectRoi(input.calibration[camera], points, track.info.displayWidth, track.info.displayHeight);
    });
    const count = rois.filter(Boolean).length;
    return count > 0 ? [{ camera, rois, count }] : [];
  });
}
