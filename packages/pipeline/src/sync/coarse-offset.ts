import { crossCorrelate } from './fft';

/**
 * Coarse time alignment of unsynchronised videos (files from cameras that shared no clock): each video's
 * start on a common clock from the sound they share (a clap, speech, footsteps) by cross-correlating onset
 * envelopes, or from the amount of motion in view when there is no usable sound. Offsets up to `maxOffsetSec`
 * (10 s) are found; the sub-frame synchronisation on keypoints then starts from these offsets. Pure: the
 * signals come from an adapter (video/signals.ts) that reads them from the files.
 */

/** An evenly sampled signal whose first sample is the video's first frame. */
export interface TimeSignal {
  rate: number;
  values: ArrayLike<number>;
}

export interface CoarseInput {
  /** Sound envelope (e.g. RMS per millisecond); null when the file has no audio track. */
  audio: TimeSignal | null;
  /** Motion energy per frame (mean absolute difference of consecutive frames); null when not read. */
  motion: TimeSignal | null;
}

export interface CoarseAlignOptions {
  /** Largest offset searched between two videos (default 10 s). */
  maxOffsetSec?: number;
  /** A pair is trusted when its correlation peak stands this much above the best peak elsewhere (default 1.5). */
  minPeakRatio?: number;
  /** …and its normalised peak reaches this (default 0.2). */
  minCorrelation?: number;
  /** The videos must overlap this long once aligned (default 0.5 s), else the answer is not trusted. */
  minOverlapSec?: number;
  /** Motion is used only from videos at least this long (default 2 s: a shorter one has too few movements). */
  minMotionSec?: number;
}

export interface CoarseAlignment {
  method: 'audio' | 'motion';
  /** Start of each video on the common clock in seconds; the earliest starts at 0. */
  startSec: number[];
  /** Per video, the trust of the link that placed it (peak ratio; the reference has Infinity). */
  peakRatio: number[];
}

export const COARSE_ALIGNMENT_FAILED =
  'The videos could not be aligned in time: no sound or movement that they share was found within 10 s of each other. Clap once in view of all cameras at the start of each recording, then import the videos again.';

const SIGNAL_RATE = { audio: 1000, motion: 100 } as const;
/** How far a rival peak must be to count as another answer: claps are sharp, motion is smooth. */
const GUARD_SEC = { audio: 0.05, motion: 0.3 } as const;

/** Linear resampling onto `rate`, so that every camera's signal shares one sample grid. */
export function resample(s: TimeSignal, rate: number): Float64Array {
  const duration = s.values.length / s.rate;
  const n = Math.max(0, Math.floor(duration * rate));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = (i / rate) * s.rate;
    const k = Math.floor(x);
    const f = x - k;
    const a = s.values[Math.min(k, s.values.length - 1)];
    const b = s.values[Math.min(k + 1, s.values.length - 1)];
    out[i] = a + (b - a) * f;
  }
  return out;
}

/**
 * What is correlated: for sound, the rises of the log envelope (onsets: a clap is a sharp rise whatever its
 * loudness at each camera); for motion, the standardised energy. Zero mean, unit norm.
 */
export function onsetSignal(x: Float64Array, kind: 'audio' | 'motion'): Float64Array {
  let y: Float64Array;
  if (kind === 'audio') {
    // 5 ms moving average first: the rise of a clap, not every ripple of the background noise.
    const w = 5;
    const smooth = new Float64Array(x.length);
    let acc = 0;
    for (let i = 0; i < x.length; i++) {
      acc += x[i] - (i >= w ? x[i - w] : 0);
      smooth[i] = acc / Math.min(i + 1, w);
    }
    let peak = 0;
    for (const v of smooth) peak = Math.max(peak, v);
    const floor = Math.max(peak * 0.02, 1e-9);
    y = new Float64Array(x.length);
    for (let i = 1; i < x.length; i++)
      y[i] = Math.max(0, Math.log(smooth[i] + floor) - Math.log(smooth[i - 1] + floor));
  } else {
    y = Float64Array.from(x);
  }
  let mean = 0;
  for (const v of y) mean += v;
  mean /= Math.max(1, y.length);
  let norm = 0;
  for (let i = 0; i < y.length; i++) {
    y[i] -= mean;
    norm += y[i] * y[i];
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < y.length; i++) y[i] /= norm;
  return y;
}

export interface PairLag {
  /** How much later the second video started than the first, in seconds. */
  lagSec: number;
  correlation: number;
  /** Peak over the best other local maximum at least `guardSec` away from it. */
  peakRatio: number;
}

/** The lag between two prepared signals on the same grid, with sub-sample precision. */
export function pairLag(
  a: Float64Array,
  b: Float64Array,
  rate: number,
  maxOffsetSec: number,
  guardSec = 0.05,
): PairLag {
  const maxLag = Math.max(1, Math.min(Math.round(maxOffsetSec * rate), a.length + b.length - 2));
  const c = crossCorrelate(a, b, maxLag);
  let best = 0;
  for (let i = 1; i < c.length; i++) if (c[i] > c[best]) best = i;
  // The runner-up: the best other local maximum, at least guardSec (and 3 samples) from the peak.
  const guard = Math.max(3, Math.round(guardSec * rate));
  let second = 0;
  for (let i = 1; i < c.length - 1; i++)
    if (Math.abs(i - best) > guard && c[i] >= c[i - 1] && c[i] >= c[i + 1]) second = Math.max(second, c[i]);
  let frac = 0;
  if (best > 0 && best < c.length - 1) {
    const denom = c[best - 1] - 2 * c[best] + c[best + 1];
    if (denom < 0) frac = Math.max(-0.5, Math.min(0.5, (0.5 * (c[best - 1] - c[best + 1])) / denom));
  }
  return {
    lagSec: (best - maxLag + frac) / rate,
    correlation: c[best],
    peakRatio: c[best] > 0 ? (second > 0 ? c[best] / second : Infinity) : 0,
  };
}

/**
 * Places every video on one clock through the most trusted pairs (a maximum spanning tree grown from the
 * first video), so a camera whose link to the first is weak is placed through another. Null when some
 * video has no trusted link.
 */
function alignWith(
  signals: Float64Array[],
  rate: number,
  guardSec: number,
  opts: Required<CoarseAlignOptions>,
): { startSec: number[]; peakRatio: number[] } | null {
  const n = signals.length;
  const lags = new Map<string, PairLag>();
  const pair = (i: number, j: number) => {
    const key = `${i}:${j}`;
    if (!lags.has(key)) lags.set(key, pairLag(signals[i], signals[j], rate, opts.maxOffsetSec, guardSec));
    return lags.get(key)!;
  };
  const trusted = (p: PairLag) => p.peakRatio >= opts.minPeakRatio && p.correlation >= opts.minCorrelation;
  const start = new Array<number>(n).fill(NaN);
  const ratio = new Array<number>(n).fill(0);
  start[0] = 0;
  ratio[0] = Infinity;
  for (let added = 1; added < n; added++) {
    let bestLink: { from: number; to: number; p: PairLag } | null = null;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(start[i])) continue;
      for (let j = 0; j < n; j++) {
        if (!Number.isNaN(start[j])) continue;
        const p = pair(i, j);
        if (trusted(p) && (!bestLink || p.peakRatio > bestLink.p.peakRatio)) bestLink = { from: i, to: j, p };
      }
    }
    if (!bestLink) return null;
    start[bestLink.to] = start[bestLink.from] + bestLink.p.lagSec;
    ratio[bestLink.to] = bestLink.p.peakRatio;
  }
  const t0 = Math.min(...start);
  return { startSec: start.map((s) => s - t0), peakRatio: ratio };
}

function usable(s: TimeSignal | null): s is TimeSignal {
  if (!s || s.values.length < 2 || !(s.rate > 0)) return false;
  for (let i = 0; i < s.values.length; i++) if (s.values[i] > 0) return true;
  return false;
}

/**
 * Coarse alignment of 2+ videos: by sound when every video has some, else (or when sound gives no trusted
 * offsets) by motion. Null when neither works: the caller reports COARSE_ALIGNMENT_FAILED with its fix.
 */
export function coarseAlign(
  inputs: readonly CoarseInput[],
  options: CoarseAlignOptions = {},
): CoarseAlignment | null {
  const opts: Required<CoarseAlignOptions> = {
    maxOffsetSec: options.maxOffsetSec ?? 10,
    minPeakRatio: options.minPeakRatio ?? 1.5,
    minCorrelation: options.minCorrelation ?? 0.2,
    minOverlapSec: options.minOverlapSec ?? 0.5,
    minMotionSec: options.minMotionSec ?? 2,
  };
  if (inputs.length < 2)
    return inputs.length === 1 ? { method: 'audio', startSec: [0], peakRatio: [Infinity] } : null;
  for (const method of ['audio', 'motion'] as const) {
    const raw = inputs.map((i) => i[method]);
    if (!raw.every(usable)) continue;
    const seconds = (raw as TimeSignal[]).map((r) => r.values.length / r.rate);
    if (method === 'motion' && Math.min(...seconds) < opts.minMotionSec) continue;
    const rate = SIGNAL_RATE[method];
    const signals = (raw as TimeSignal[]).map((s) => onsetSignal(resample(s, rate), method));
    const found = alignWith(signals, rate, GUARD_SEC[method], opts);
    if (!found) continue;
    const overlap = Math.min(...found.startSec.map((s, i) => s + seconds[i])) - Math.max(...found.startSec);
    if (overlap >= opts.minOverlapSec) return { method, ...found };
  }
  return null;
}
