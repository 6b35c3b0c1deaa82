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

/** A recording's clock: its first frame on the shared (server) clock and, when the phone reported them, every frame's. */
export interface RecordingClock {
  startTimeMs: number | null;
  /** Server-clock time of each frame, in order (milliseconds). */
  frameTimestampsMs: number[] | null;
  fps: number;
  /** Frames in the video file. */
  frameCount: number;
}

/**
 * Times of frames on the shared clock (seconds) from their positions in the video (seconds from its start):
 * the phone's own timestamp of the frame when it reported one per frame (a few missed callbacks allowed),
 * else the start time plus the position. Null without a start time: simultaneity cannot be checked then.
 */
export function sharedFrameTimes(clock: RecordingClock, positionsSec: number[]): number[] | null {
  if (clock.startTimeMs === null || !Number.isFinite(clock.startTimeMs)) return null;
  const ts = clock.frameTimestampsMs;
  const fps = clock.fps > 0 ? clock.fps : 30;
  const perFrame =
    ts !== null &&
    ts.length > 1 &&
    Math.abs(ts.length - clock.frameCount) <= Math.max(2, 0.1 * clock.frameCount);
  return positionsSec.map((p) => {
    if (perFrame) return ts[Math.min(ts.length - 1, Math.max(0, Math.round(p * fps)))] / 1000;
    return clock.startTimeMs! / 1000 + p;
  });
}
