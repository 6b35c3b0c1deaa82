/**
 * Adapter: 2D keypoints of whole videos through the worker pool. Frames are decoded at the size the model
 * needs (long side `decodeLongSide`), the model's ROI tracking runs over consecutive frames of each job.
 */
import { probeVideo, type VideoInfo } from '../video/probe';
import type { BlazePoseVariant, PoseRuntime } from './blazepose';
import { KEYPOINTS_2D, landmarksToKeypoints, type Landmark } from './keypoint-set';
import { emptyKeypoints2D, type Keypoints2D } from './types';
import type { PoseFrameResult, RoiBox } from './worker-protocol';
import { createPoseWorkerPool, type PoseWorkerPool } from './worker-pool';

export interface DetectOptions {
  variant?: BlazePoseVariant;
  /** Landmark network runtime: 'onnx' (default, onnxruntime-node) or 'tfjs' (tfjs-wasm, the former path). */
  runtime?: PoseRuntime;
  /** Long side of the decoded frames in pixels (default 640: see README for the accuracy/speed numbers). */
  decodeLongSide?: number;
  /** Shared worker pool; when absent a pool of `workers` threads is created and closed. */
  pool?: PoseWorkerPool;
  workers?: number;
  /** Per-frame crop boxes (full-resolution pixels, index relative to startFrame) restricting detection. */
  rois?: Array<RoiBox | null>;
  /** With rois: only the frames that have a box are estimated (results for the others are null). */
  roiOnly?: boolean;
  /** Only these frames (all when absent). */
  startFrame?: number;
  frameCount?: number;
  /**
   * Run the model on every n-th frame only and interpolate the landmarks in between (default 1). 2 halves the
   * detection time; motion above fps / 4 is lost (fine for the 12 Hz gait filter at 60 fps).
   */
  frameStride?: number;
}

export interface RawPoseTrack {
  info: VideoInfo;
  /** Landmarks per frame (33 x 3 floats) or null. */
  frames: Array<Float32Array | null>;
}

export type ProgressCallback = (done: number, total: number) => void;

function decodeSize(info: VideoInfo, longSide: number): [number, number] {
  const scale = Math.min(1, longSide / Math.max(info.displayWidth, info.displayHeight));
  const even = (v: number): number => Math.max(2, Math.round((v * scale) / 2) * 2);
  return [even(info.displayWidth), even(info.displayHeight)];
}

/** Runs BlazePose on every frame of the given videos (one job per video, spread over the pool). */
export async function detectRawPoses(
  files: string[],
  opts: DetectOptions = {},
  onProgress?: ProgressCallback,
): Promise<RawPoseTrack[]> {
  const pool = opts.pool ?? createPoseWorkerPool(opts.workers ?? 2);
  try {
    const infos = await Promise.all(files.map((f) => probeVideo(f)));
    const stride = Math.max(1, Math.round(opts.frameStride ?? 1));
    const total = infos.reduce((s, i) => s + Math.ceil((opts.frameCount ?? i.frameCount) / stride), 0);
    const done = new Array<number>(files.length).fill(0);
    const report = (i: number, n: number): void => {
      done[i] = n;
      onProgress?.(
        done.reduce((a, b) => a + b, 0),
        total,
      );
    };
    const results = await Promise.all(
      infos.map((info, i) => {
        const [decodeWidth, decodeHeight] = decodeSize(info, opts.decodeLongSide ?? 640);
        const startFrame = opts.startFrame ?? 0;
        return pool.run(
          {
            file: files[i],
            variant: opts.variant ?? 'full',
            runtime: opts.runtime ?? 'onnx',
            fps: info.fps,
            width: info.displayWidth,
            height: info.displayHeight,
            decodeWidth,
            decodeHeight,
            startFrame,
            frameCount: opts.frameCount ?? Math.max(0, info.frameCount - startFrame),
            rois: opts.rois,
            roiOnly: opts.roiOnly,
            frameStride: stride,
          },
          (n) => report(i, n),
        );
      }),
    );
    return results.map((res, i) => {
      report(i, res.length);
      // Up to the last decoded frame (the container's frame count can be a little off), plus the strided tail.
      const declared =
        (opts.startFrame ?? 0) +
        (opts.frameCount ?? Math.max(0, infos[i].frameCount - (opts.startFrame ?? 0)));
      const lastDecoded = res.reduce((m, r) => Math.max(m, r.frame), -1);
      const frames = toFrameArray(res, opts.roiOnly ? declared : Math.min(declared, lastDecoded + stride));
      if (stride > 1) interpolateLandmarks(frames, stride);
      return { info: infos[i], frames };
    });
  } finally {
    if (!opts.pool) await pool.close();
  }
}

function toFrameArray(results: PoseFrameResult[], length: number): Array<Float32Array | null> {
  const frames = new Array<Float32Array | null>(length).fill(null);
  for (const r of results) frames[r.frame] = r.landmarks;
  return frames;
}

/** Fills frames skipped by the stride by linear interpolation between detected frames (score: the lower). */
function interpolateLandmarks(frames: Array<Float32Array | null>, stride: number): void {
  let prev = -1;
  for (let f = 0; f < frames.length; f++) {
    const cur = frames[f];
    if (!cur) continue;
    if (prev >= 0 && f - prev > 1 && f - prev <= stride) {
      const a = frames[prev]!;
      for (let g = prev + 1; g < f; g++) {
        const w = (g - prev) / (f - prev);
        const out = new Float32Array(a.length);
        for (let i = 0; i < a.length; i += 3) {
          out[i] = a[i] * (1 - w) + cur[i] * w;
          out[i + 1] = a[i + 1] * (1 - w) + cur[i + 1] * w;
          out[i + 2] = Math.min(a[i + 2], cur[i + 2]);
        }
        frames[g] = out;
      }
    }
    prev = f;
  }
}

/** Converts raw BlazePose landmarks to the keypoint set. */
export function rawPosesToKeypoints(track: RawPoseTrack): Keypoints2D {
  const { info, frames } = track;
  const kp = emptyKeypoints2D(KEYPOINTS_2D, frames.length, info.fps, info.displayWidth, info.displayHeight);
  const lms: Landmark[] = Array.from({ length: 33 }, () => ({ x: 0, y: 0, score: 0 }));
  frames.forEach((f, i) => {
    if (!f) return;
    for (let j = 0; j < 33; j++) {
      lms[j].x = f[j * 3];
      lms[j].y = f[j * 3 + 1];
      lms[j].score = f[j * 3 + 2];
    }
    landmarksToKeypoints(lms, kp.data, i * KEYPOINTS_2D.length * 3);
  });
  return kp;
}

/** 2D keypoints of one video (the worker service's entry point for the detection step). */
export async function detectKeypoints2D(
  file: string,
  opts: DetectOptions = {},
  onProgress?: ProgressCallback,
): Promise<Keypoints2D> {
  const [track] = await detectRawPoses([file], opts, onProgress);
  return rawPosesToKeypoints(track);
}
