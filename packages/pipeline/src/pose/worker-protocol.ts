import type { BlazePoseVariant, PoseRuntime } from './blazepose';

/** A region of interest in full-resolution pixels: detection runs on this crop only (person selection). */
export interface RoiBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One detection job: a contiguous range of frames of one video, processed in order on one worker. */
export interface PoseJob {
  jobId: number;
  file: string;
  variant: BlazePoseVariant;
  /** Landmark network runtime (default 'onnx'). */
  runtime?: PoseRuntime;
  fps: number;
  /** Full (displayed) video size. */
  width: number;
  height: number;
  /** Size at which frames are decoded for the model. */
  decodeWidth: number;
  decodeHeight: number;
  startFrame: number;
  frameCount: number;
  /** Estimate every n-th frame only (1 = all); the others are interpolated by the caller. */
  frameStride?: number;
  /** Optional crop per frame (index relative to startFrame); null = whole frame. */
  rois?: Array<RoiBox | null>;
  /** With rois: estimate only the frames that have a crop (the others are decoded and skipped). */
  roiOnly?: boolean;
}

/** Landmarks of one frame: 33 x (x, y, score) in full-resolution pixels, or null when no pose was found. */
export interface PoseFrameResult {
  frame: number;
  landmarks: Float32Array | null;
}

export type WorkerRequest = { type: 'job'; job: PoseJob } | { type: 'close' };

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'progress'; jobId: number; done: number }
  | { type: 'done'; jobId: number; results: PoseFrameResult[] }
  | { type: 'error'; jobId: number; message: string };
