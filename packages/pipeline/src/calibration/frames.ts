/** Which frames of a calibration recording to search for the board. */
export interface FramePlan {
  /** Decode every n-th frame (all frames are decoded in order, not only key frames). */
  everyNth: number;
  /** Stop after this many kept frames. */
  maxFrames: number;
  /** Skip the first moment of the recording (camera exposure still settling), seconds. */
  startSec: number;
}

/**
 * Spreads up to `maxFrames` frames evenly over the recording. Frames are taken by decoding the whole stream
 * and keeping every n-th one, never by seeking to key frames: OpenCap's key-frame-only seeking can land on
 * frames where the board is not yet (or no longer) in view.
 */
export function selectCalibrationFrames(
  info: { frameCount: number; fps: number; durationSec: number },
  opts: { maxFrames?: number; skipStartSec?: number } = {},
): FramePlan {
  const maxFrames = Math.max(1, opts.maxFrames ?? 24);
  const fps = info.fps > 0 ? info.fps : 30;
  const total = info.frameCount > 0 ? info.frameCount : Math.round(info.durationSec * fps);
  // Skip the start only when the recording is long enough to afford it.
  const skip = total > 2 * fps ? (opts.skipStartSec ?? 0.2) : 0;
  const usable = Math.max(1, total - Math.round(skip * fps));
  return { everyNth: Math.max(1, Math.floor(usable / maxFrames)), maxFrames, startSec: skip };
}
