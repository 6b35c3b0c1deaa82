/** 3D keypoints of a trial in the calibration's world frame (metres). */
export interface Keypoints3D {
  names: readonly string[];
  fps: number;
  frameCount: number;
  /** Time of frame 0 in seconds on the trial's common clock (the reference camera's video start). */
  startTimeSec: number;
  /** Per keypoint: interleaved x, y, z per frame (length 3 * frameCount); NaN where missing (never zeros). */
  positions: Float64Array[];
  /** Per keypoint: mean reprojection error in pixels per frame (NaN where missing or gap-filled). */
  reprojectionErrorPx: Float64Array[];
  /** Per keypoint: number of cameras used per frame (0 where missing or gap-filled). */
  cameraCount: Uint8Array[];
}

export function keypointIndex(kp: Keypoints3D, name: string): number {
  const i = kp.names.indexOf(name);
  if (i < 0) throw new Error(`Keypoint ${name} is not in the set (${kp.names.join(', ')})`);
  return i;
}

/** Position of keypoint k at frame f, or null when missing. */
export function pointAt(kp: Keypoints3D, k: number, f: number): [number, number, number] | null {
  const p = kp.positions[k];
  const x = p[f * 3];
  if (Number.isNaN(x)) return null;
  return [x, p[f * 3 + 1], p[f * 3 + 2]];
}
