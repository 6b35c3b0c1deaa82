/**
 * 2D keypoints of one camera, in the video's displayed pixel frame (after rotation metadata), full resolution.
 */
export interface Keypoints2D {
  /** Keypoint names, in the order of `data`'s keypoint axis. */
  names: readonly string[];
  fps: number;
  /** Size of the displayed video in pixels. */
  width: number;
  height: number;
  frameCount: number;
  /**
   * Interleaved [frame][keypoint][x, y, confidence]: length frameCount * names.length * 3.
   * A keypoint that was not detected has x = y = NaN and confidence 0.
   */
  data: Float64Array;
  /** Time of each frame from the start of the video in seconds; frame i at i / fps when absent. */
  timestamps?: Float64Array;
}

export function emptyKeypoints2D(
  names: readonly string[],
  frameCount: number,
  fps: number,
  width: number,
  height: number,
): Keypoints2D {
  const data = new Float64Array(frameCount * names.length * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = NaN;
    data[i + 1] = NaN;
  }
  return { names, fps, width, height, frameCount, data };
}

/** Offset of (frame, keypoint) in `data`. */
export function kpIndex(kp: Keypoints2D, frame: number, keypoint: number): number {
  return (frame * kp.names.length + keypoint) * 3;
}
