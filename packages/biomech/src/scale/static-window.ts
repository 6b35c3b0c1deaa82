/**
 * Finds the still period of a neutral trial: a window (1 s, shrinking to 0.1 s, or the whole clip when it is
 * shorter) in which no marker moves more than a threshold; the threshold rises from 3 mm to 15 mm before the
 * window shrinks. A marker's movement is
 * its RMS distance from its mean position over the window, so keypoint jitter does not count as movement
 * the way a single outlier frame would.
 */
import type { MarkerTrajectories } from '../ik/solve-ik';

export interface StaticWindow {
  start: number; // first frame index
  end: number; // exclusive
  thresholdMm: number;
  /** Mean marker positions over the window (NaN where a marker is missing throughout). */
  mean: Float64Array;
}

export interface StaticWindowOptions {
  windowSeconds?: number;
  minSeconds?: number;
  thresholdsMm?: number[];
}

/**
 * Each marker's RMS distance (mm) from its mean position over frames [start, end), NaN for a marker missing
 * throughout; `mean` receives the mean positions (NaN where missing).
 */
export function markerMovementsMm(
  data: MarkerTrajectories,
  start: number,
  end: number,
  mean: Float64Array = new Float64Array(data.names.length * 3),
): Float64Array {
  const nCoord = data.names.length * 3;
  mean.fill(0);
  const counts = new Float64Array(data.names.length);
  for (let f = start; f < end; f++) {
    const fr = data.frames[f];
    for (let m = 0; m < data.names.length; m++) {
      if (Number.isNaN(fr[3 * m])) continue;
      counts[m]++;
      for (let a = 0; a < 3; a++) mean[3 * m + a] += fr[3 * m + a];
    }
  }
  for (let i = 0; i < nCoord; i++)
    mean[i] = counts[Math.floor(i / 3)] > 0 ? mean[i] / counts[Math.floor(i / 3)] : NaN;
  const sq = new Float64Array(data.names.length);
  for (let f = start; f < end; f++) {
    const fr = data.frames[f];
    for (let m = 0; m < data.names.length; m++) {
      if (Number.isNaN(fr[3 * m]) || Number.isNaN(mean[3 * m])) continue;
      sq[m] +=
        (fr[3 * m] - mean[3 * m]) ** 2 +
        (fr[3 * m + 1] - mean[3 * m + 1]) ** 2 +
        (fr[3 * m + 2] - mean[3 * m + 2]) ** 2;
    }
  }
  return sq.map((s, m) => (counts[m] > 0 ? Math.sqrt(s / counts[m]) * 1000 : NaN));
}

/** The movement of the marker that moves most over the window (mm). */
function movementMm(data: MarkerTrajectories, start: number, end: number, mean: Float64Array): number {
  return markerMovementsMm(data, start, end, mean).reduce((w, m) => (m > w ? m : w), 0);
}

export function findStaticWindow(data: MarkerTrajectories, options: StaticWindowOptions = {}): StaticWindow {
  const n = data.frames.length;
  if (n < 2)
    throw new Error(
      'The neutral trial has fewer than 2 frames; record the neutral pose for at least 1 second.',
    );
  const duration = data.time[n - 1] - data.time[0];
  const rate = (n - 1) / duration;
  const thresholds = options.thresholdsMm ?? [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
  const minSeconds = options.minSeconds ?? 0.1;
  // A clip shorter than the shortest window (a few frames of a still subject) is judged as a whole.
  const floor = Math.min(minSeconds, duration);
  let seconds = Math.min(options.windowSeconds ?? 1, duration);
  const mean = new Float64Array(data.names.length * 3);
  while (seconds >= floor - 1e-9) {
    const len = Math.max(2, Math.round(seconds * rate) + 1);
    const moves: number[] = [];
    for (let s = 0; s + len <= n; s++) moves.push(movementMm(data, s, s + len, mean));
    for (const t of thresholds) {
      let best = -1;
      moves.forEach((m, s) => {
        if (m <= t && (best < 0 || m < moves[best])) best = s;
      });
      if (best >= 0) {
        movementMm(data, best, best + len, mean);
        return { start: best, end: best + len, thresholdMm: t, mean: Float64Array.from(mean) };
      }
    }
    // Halve the window, but never skip the shortest one allowed (a 0.17 s trial must still try 0.1 s).
    seconds = seconds > floor + 1e-9 ? Math.max(floor, seconds / 2) : 0;
  }
  // Name the marker that keeps the stillest shortest window from being still.
  const len = Math.max(2, Math.round(floor * rate) + 1);
  let worst = { marker: '', mm: Infinity, window: Infinity };
  for (let s = 0; s + len <= n; s++) {
    const moves = markerMovementsMm(data, s, s + len, mean);
    const top = moves.reduce((w, m, k) => (m > moves[w] ? k : w), 0);
    if (moves[top] < worst.window) worst = { marker: data.names[top], mm: moves[top], window: moves[top] };
  }
  throw new StillPeriodError(
    `The neutral trial has no still period of at least ${minSeconds} s (every window moves more than ${thresholds[thresholds.length - 1]} mm; ${worst.marker} moves most, ${worst.mm.toFixed(0)} mm). Ask the subject to stand still for a second during the neutral recording.`,
    worst.marker,
  );
}

/** No still period: `marker` is the one that moves most in the stillest window. */
export class StillPeriodError extends Error {
  constructor(
    message: string,
    readonly marker: string,
  ) {
    super(message);
    this.name = 'StillPeriodError';
  }
}
