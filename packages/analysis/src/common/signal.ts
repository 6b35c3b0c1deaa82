/** Small numeric helpers over evenly sampled series. */

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (Number.isFinite(values[i])) {
      s += values[i];
      n++;
    }
  }
  return n ? s / n : NaN;
}

/** Sample standard deviation (n − 1); 0 for a single value. */
export function sd(values: ArrayLike<number>): number {
  const m = mean(values);
  let s = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (Number.isFinite(values[i])) {
      s += (values[i] - m) ** 2;
      n++;
    }
  }
  return n > 1 ? Math.sqrt(s / (n - 1)) : n === 1 ? 0 : NaN;
}

export function percentile(values: ArrayLike<number>, p: number): number {
  const v = Array.from(values)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (!v.length) return NaN;
  const x = (p / 100) * (v.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(v.length - 1, lo + 1);
  return v[lo] + (v[hi] - v[lo]) * (x - lo);
}

export function median(values: ArrayLike<number>): number {
  return percentile(values, 50);
}

/** Central differences (one-sided at the ends). */
export function derivative(x: ArrayLike<number>, dt: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  if (n < 2) return out;
  out[0] = (x[1] - x[0]) / dt;
  out[n - 1] = (x[n - 1] - x[n - 2]) / dt;
  for (let i = 1; i < n - 1; i++) out[i] = (x[i + 1] - x[i - 1]) / (2 * dt);
  return out;
}

/** Centred moving average over `half` samples each side (shrinking at the ends). */
export function movingAverage(x: ArrayLike<number>, half: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  if (half <= 0) {
    for (let i = 0; i < n; i++) out[i] = x[i];
    return out;
  }
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + x[i];
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n - 1, i + half);
    out[i] = (prefix[b + 1] - prefix[a]) / (b - a + 1);
  }
  return out;
}

/** Samples of `x` between frames a and b (inclusive), resampled to `count` points linearly. */
export function resample(x: ArrayLike<number>, a: number, b: number, count = 101): number[] {
  const out: number[] = new Array(count);
  for (let k = 0; k < count; k++) {
    const f = a + ((b - a) * k) / (count - 1);
    const i = Math.min(Math.floor(f), x.length - 1);
    const j = Math.min(i + 1, x.length - 1);
    out[k] = x[i] + (x[j] - x[i]) * (f - i);
  }
  return out;
}

/** Per-sample mean and SD of equally long curves. */
export function curveStats(curves: number[][]): { mean: number[]; sd: number[] } {
  const len = curves[0]?.length ?? 0;
  const m: number[] = [];
  const s: number[] = [];
  for (let k = 0; k < len; k++) {
    const col = curves.map((c) => c[k]);
    m.push(mean(col));
    s.push(sd(col));
  }
  return { mean: m, sd: s };
}

export interface Extremum {
  index: number;
  value: number;
  prominence: number;
}

/**
 * Local maxima with their prominence (height above the higher of the two lowest points separating it from a
 * higher peak or the series' end, as scipy's find_peaks defines it). Plateaus count once, at their middle.
 * Peaks closer than `minDistance` samples keep the more prominent one.
 */
export function findPeaks(
  x: ArrayLike<number>,
  opts: { minProminence: number; minDistance?: number },
): Extremum[] {
  const n = x.length;
  const peaks: Extremum[] = [];
  let i = 1;
  while (i < n - 1) {
    if (x[i] > x[i - 1]) {
      let j = i;
      while (j + 1 < n && x[j + 1] === x[i]) j++;
      if (j + 1 < n && x[j + 1] < x[i]) {
        const index = Math.floor((i + j) / 2);
        peaks.push({ index, value: x[index], prominence: prominence(x, index) });
      }
      i = j + 1;
    } else i++;
  }
  let kept = peaks.filter((p) => p.prominence >= opts.minProminence);
  const minDistance = opts.minDistance ?? 0;
  if (minDistance > 0) {
    const byProminence = [...kept].sort((a, b) => b.prominence - a.prominence);
    const chosen: Extremum[] = [];
    for (const p of byProminence)
      if (chosen.every((c) => Math.abs(c.index - p.index) >= minDistance)) chosen.push(p);
    kept = chosen.sort((a, b) => a.index - b.index);
  }
  return kept;
}

function prominence(x: ArrayLike<number>, peak: number): number {
  const v = x[peak];
  let leftMin = v;
  for (let i = peak - 1; i >= 0; i--) {
    if (x[i] > v) break;
    if (x[i] < leftMin) leftMin = x[i];
  }
  let rightMin = v;
  for (let i = peak + 1; i < x.length; i++) {
    if (x[i] > v) break;
    if (x[i] < rightMin) rightMin = x[i];
  }
  return v - Math.max(leftMin, rightMin);
}

/** Local minima: peaks of −x. */
export function findValleys(
  x: ArrayLike<number>,
  opts: { minProminence: number; minDistance?: number },
): Extremum[] {
  const neg = Float64Array.from(x, (v) => -v);
  return findPeaks(neg, opts).map((p) => ({ ...p, value: -p.value }));
}

/** Sub-sample position of an extremum by a parabola through it and its neighbours. */
export function parabolicOffset(x: ArrayLike<number>, i: number): number {
  if (i <= 0 || i >= x.length - 1) return 0;
  const a = x[i - 1];
  const b = x[i];
  const c = x[i + 1];
  const den = a - 2 * b + c;
  return den === 0 ? 0 : Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den));
}

/**
 * The level a point rests at on the floor: among its still samples (|velocity| below `maxSpeed`), the lowest
 * value v with at least `minSeconds` of them within [v, v + band]; then, within `lift` above it, the band
 * holding the most still samples (their median). A foot that IK pushes a few centimetres through the floor
 * at an impact rests there only briefly; a box (tens of centimetres up) stays out of reach.
 */
export function restLevel(
  series: ArrayLike<number>[],
  dt: number,
  opts: { band: number; minSeconds: number; maxSpeed: number; lift?: number },
): number {
  const still: number[] = [];
  for (const x of series) {
    const v = derivative(x, dt);
    for (let i = 0; i < x.length; i++)
      if (Math.abs(v[i]) < opts.maxSpeed && Number.isFinite(x[i])) still.push(x[i]);
  }
  const v = still.sort((a, b) => a - b);
  if (!v.length) return NaN;
  const need = Math.min(Math.max(3, Math.round(opts.minSeconds / dt)), v.length);
  // Window [v[i], v[i] + band] holds v[i..end[i]].
  const end = new Int32Array(v.length);
  let j = 0;
  for (let i = 0; i < v.length; i++) {
    if (j < i) j = i;
    while (j + 1 < v.length && v[j + 1] <= v[i] + opts.band) j++;
    end[i] = j;
  }
  let lowest = -1;
  for (let i = 0; i < v.length && lowest < 0; i++) if (end[i] - i + 1 >= need) lowest = i;
  if (lowest < 0) return v[0];
  let best = lowest;
  for (let i = lowest; i < v.length && v[i] <= v[lowest] + (opts.lift ?? 0.08); i++)
    if (end[i] - i > end[best] - best) best = i;
  return v[Math.floor((best + end[best]) / 2)];
}
