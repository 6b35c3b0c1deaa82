/**
 * Zero-phase Butterworth low-pass filtering (like scipy's `filtfilt(butter(2, fc))`).
 *
 * A 2nd-order Butterworth section run forwards and backwards gives a 4th-order zero-phase response, the
 * convention of Pose2Sim and OpenCap (`butter(order / 2)` + `filtfilt`). Series containing NaN are filtered
 * segment by segment; missing samples stay NaN.
 */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** 2nd-order Butterworth low-pass by the bilinear transform with pre-warping (identical to scipy's butter). */
export function butterworthLowPass2(cutoffHz: number, sampleRateHz: number): Biquad {
  if (!(sampleRateHz > 0)) throw new Error(`Invalid sample rate ${sampleRateHz} Hz`);
  if (!(cutoffHz > 0) || cutoffHz >= sampleRateHz / 2) {
    throw new Error(
      `Cut-off ${cutoffHz} Hz must lie between 0 and half the sample rate (${sampleRateHz / 2} Hz)`,
    );
  }
  const w0 = (2 * Math.PI * cutoffHz) / sampleRateHz;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2); // Q = 1/sqrt(2)
  const a0 = 1 + alpha;
  return {
    b0: (1 - cos) / 2 / a0,
    b1: (1 - cos) / a0,
    b2: (1 - cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  };
}

/** Runs the biquad over x in place (direct form II transposed), starting in the steady state of x[0]. */
function runBiquad(f: Biquad, x: Float64Array): void {
  const x0 = x[0];
  const gain = (f.b0 + f.b1 + f.b2) / (1 + f.a1 + f.a2);
  const y0 = gain * x0;
  // Steady state for a constant input x0: y = b0*x0 + z1 = y0, and z1, z2 reproduce themselves.
  let z1 = y0 - f.b0 * x0;
  let z2 = f.b2 * x0 - f.a2 * y0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i];
    const yi = f.b0 * xi + z1;
    z1 = f.b1 * xi - f.a1 * yi + z2;
    z2 = f.b2 * xi - f.a2 * yi;
    x[i] = yi;
  }
}

/** filtfilt of one NaN-free segment, with odd extension at both ends (scipy's default padding). */
function filtfiltSegment(f: Biquad, seg: Float64Array): Float64Array {
  const n = seg.length;
  const pad = Math.min(9, n - 1); // scipy: 3 * max(len(a), len(b)) = 9 for a biquad
  const ext = new Float64Array(n + 2 * pad);
  for (let i = 0; i < pad; i++) {
    ext[i] = 2 * seg[0] - seg[pad - i];
    ext[n + pad + i] = 2 * seg[n - 1] - seg[n - 2 - i];
  }
  ext.set(seg, pad);
  runBiquad(f, ext);
  ext.reverse();
  runBiquad(f, ext);
  ext.reverse();
  return ext.subarray(pad, pad + n);
}

/**
 * Zero-phase low-pass of a series sampled at sampleRateHz. NaN samples split the series into segments that
 * are filtered separately; segments shorter than 4 samples are left as they are.
 * A cut-off at or above half the sample rate returns an unfiltered copy (nothing to remove).
 */
export function lowPassFilter(
  series: ArrayLike<number>,
  cutoffHz: number,
  sampleRateHz: number,
): Float64Array {
  const out = Float64Array.from(series);
  if (cutoffHz >= sampleRateHz / 2) return out;
  const f = butterworthLowPass2(cutoffHz, sampleRateHz);
  let start = 0;
  while (start < out.length) {
    while (start < out.length && Number.isNaN(out[start])) start++;
    let end = start;
    while (end < out.length && !Number.isNaN(out[end])) end++;
    if (end - start >= 4) out.set(filtfiltSegment(f, out.slice(start, end)), start);
    start = end;
  }
  return out;
}

/** Filters each coordinate of an interleaved xyz series (length 3 * frames) independently. */
export function lowPassFilterXyz(xyz: Float64Array, cutoffHz: number, sampleRateHz: number): Float64Array {
  const frames = xyz.length / 3;
  const out = new Float64Array(xyz.length);
  const channel = new Float64Array(frames);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < frames; i++) channel[i] = xyz[i * 3 + c];
    const filtered = lowPassFilter(channel, cutoffHz, sampleRateHz);
    for (let i = 0; i < frames; i++) out[i * 3 + c] = filtered[i];
  }
  return out;
}
