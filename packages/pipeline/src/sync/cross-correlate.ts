import { sampleAt, type MotionSignal } from './motion-signal';

/**
 * Normalised cross-correlation of two multi-channel motion signals as a function of the offset between
 * their clocks: at offset d, sample t of `ref` is compared with time t - d of `other` (so d is how much later
 * `other` started, on the common clock).
 */
export function correlationAt(
  ref: MotionSignal,
  other: MotionSignal,
  offsetSec: number,
  minOverlap: number,
): number {
  // Pooled over channels: sum of covariances over the root of the summed variances, so that keypoints that
  // move a lot dominate and nearly still (noise-only) keypoints count little.
  let cov = 0;
  let varX = 0;
  let varY = 0;
  let used = 0;
  const channels = Math.min(ref.channels.length, other.channels.length);
  for (let k = 0; k < channels; k++) {
    let n = 0,
      sx = 0,
      sy = 0,
      sxx = 0,
      syy = 0,
      sxy = 0;
    const a = ref.channels[k];
    const b = other.channels[k];
    for (let i = 0; i < ref.times.length; i++) {
      const x = a[i];
      if (Number.isNaN(x)) continue;
      const y = sampleAt(other.times, b, ref.times[i] - offsetSec);
      if (Number.isNaN(y)) continue;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
    }
    if (n < minOverlap) continue;
    cov += (sxy - (sx * sy) / n) / n;
    varX += (sxx - (sx * sx) / n) / n;
    varY += (syy - (sy * sy) / n) / n;
    used++;
  }
  return used > 0 && varX > 1e-12 && varY > 1e-12 ? cov / Math.sqrt(varX * varY) : NaN;
}

export interface CorrelationPeak {
  offsetSec: number;
  correlation: number;
  /** Best correlation at least 3 samples away from the peak (a measure of ambiguity). */
  runnerUp: number;
}

/**
 * Finds the offset maximising the correlation within [centre - range, centre + range]: an exhaustive search on
 * the reference's sample grid, then a parabolic fit and a fine search around the best sample (sub-frame).
 */
export function findOffset(
  ref: MotionSignal,
  other: MotionSignal,
  centreSec: number,
  rangeSec: number,
  minOverlap: number,
): CorrelationPeak {
  const dt =
    ref.times.length > 1 ? (ref.times[ref.times.length - 1] - ref.times[0]) / (ref.times.length - 1) : 1 / 60;
  const steps = Math.max(1, Math.round(rangeSec / dt));
  const values: number[] = [];
  let best = -1;
  for (let s = -steps; s <= steps; s++) {
    const c = correlationAt(ref, other, centreSec + s * dt, minOverlap);
    values.push(c);
    if (!Number.isNaN(c) && (best < 0 || c > values[best])) best = values.length - 1;
  }
  if (best < 0) return { offsetSec: NaN, correlation: NaN, runnerUp: NaN };
  let runnerUp = -1;
  values.forEach((c, i) => {
    if (Math.abs(i - best) >= 3 && !Number.isNaN(c)) runnerUp = Math.max(runnerUp, c);
  });
  const coarse = centreSec + (best - steps) * dt;
  // Parabola through the peak and its neighbours, then a fine search over ±0.6 samples to confirm.
  let offset = coarse;
  const l = values[best - 1];
  const r = values[best + 1];
  if (Number.isFinite(l) && Number.isFinite(r)) {
    const denom = l - 2 * values[best] + r;
    if (denom < 0) offset = coarse + Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / denom)) * dt;
  }
  let bestFine = correlationAt(ref, other, offset, minOverlap);
  for (let s = -12; s <= 12; s++) {
    const o = coarse + (s / 20) * dt;
    const c = correlationAt(ref, other, o, minOverlap);
    if (c > bestFine) {
      bestFine = c;
      offset = o;
    }
  }
  return { offsetSec: offset, correlation: Math.max(bestFine, values[best]), runnerUp };
}
