import { lowPassFilter } from '../filter/butterworth';
import type { Keypoints2D } from '../pose/types';

/**
 * Per-keypoint vertical image velocity, the motion signal used for synchronisation. Image "up" is close to the
 * world vertical for every camera on a tripod, so vertical velocities of the same keypoint have the same shape
 * in all views (up to scale), unlike horizontal ones, which depend on the viewing direction.
 * Velocities are divided by the subject's median height in the image so that cameras are comparable.
 */
export interface MotionSignal {
  /** Sample times in seconds from the start of the video. */
  times: Float64Array;
  /** Per keypoint: vertical velocity (subject heights per second) per sample; NaN where unknown. */
  channels: Float64Array[];
}

export interface MotionSignalOptions {
  minConfidence?: number;
  /** Low-pass cut-off applied to positions before differentiation (Hz). */
  smoothingHz?: number;
}

function frameTime(kp: Keypoints2D, f: number): number {
  return kp.timestamps ? kp.timestamps[f] : f / kp.fps;
}

/** Median vertical extent of the detected keypoints (pixels), a scale for the subject in this view. */
function subjectHeightPx(kp: Keypoints2D, minConfidence: number): number {
  const K = kp.names.length;
  const heights: number[] = [];
  for (let f = 0; f < kp.frameCount; f++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < K; k++) {
      const i = (f * K + k) * 3;
      if (!(kp.data[i + 2] >= minConfidence)) continue;
      lo = Math.min(lo, kp.data[i + 1]);
      hi = Math.max(hi, kp.data[i + 1]);
    }
    if (hi > lo) heights.push(hi - lo);
  }
  if (heights.length === 0) return NaN;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)];
}

export function motionSignal(kp: Keypoints2D, opts: MotionSignalOptions = {}): MotionSignal {
  const minConfidence = opts.minConfidence ?? 0.3;
  const smoothingHz = opts.smoothingHz ?? 8;
  const K = kp.names.length;
  const n = kp.frameCount;
  const scale = subjectHeightPx(kp, minConfidence);
  const times = new Float64Array(n);
  for (let f = 0; f < n; f++) times[f] = frameTime(kp, f);
  const perKeypoint: Float64Array[] = [];
  const y = new Float64Array(n);
  for (let k = 0; k < K; k++) {
    for (let f = 0; f < n; f++) {
      const i = (f * K + k) * 3;
      y[f] = kp.data[i + 2] >= minConfidence ? kp.data[i + 1] / scale : NaN;
    }
    const smooth = smoothingHz < kp.fps / 2 ? lowPassFilter(y, smoothingHz, kp.fps) : Float64Array.from(y);
    const v = new Float64Array(n).fill(NaN);
    // Central differences (one-sided at the ends) keep the velocity centred on the frame's time.
    for (let f = 0; f < n; f++) {
      const a = f > 0 ? f - 1 : f;
      const b = f < n - 1 ? f + 1 : f;
      if (a === b) continue;
      const dv = smooth[b] - smooth[a];
      const dt = times[b] - times[a];
      if (Number.isFinite(dv) && dt > 0) v[f] = dv / dt;
    }
    perKeypoint.push(v);
  }
  // Left and right of a pair are summed into one channel: detectors swap them in some views (back views),
  // which would otherwise decorrelate those channels between cameras.
  const channels: Float64Array[] = [];
  kp.names.forEach((name, k) => {
    if (name.startsWith('l_') && kp.names.includes(`r_${name.slice(2)}`)) return;
    const partner = name.startsWith('r_') ? kp.names.indexOf(`l_${name.slice(2)}`) : -1;
    if (partner < 0) return channels.push(perKeypoint[k]);
    const sum = new Float64Array(n);
    for (let f = 0; f < n; f++) sum[f] = perKeypoint[k][f] + perKeypoint[partner][f];
    channels.push(sum);
  });
  return { times, channels };
}

/** Linear interpolation of a NaN-aware series sampled at increasing `times`, evaluated at t. */
export function sampleAt(times: Float64Array, values: Float64Array, t: number): number {
  const n = times.length;
  if (n === 0 || t < times[0] || t > times[n - 1]) return NaN;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid;
  }
  if (times[lo] === t) return values[lo];
  const w = (t - times[lo]) / (times[hi] - times[lo]);
  return values[lo] * (1 - w) + values[hi] * w;
}
