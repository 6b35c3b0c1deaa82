/**
 * In-place iterative radix-2 FFT of a complex signal (re, im), length a power of two. `inverse` computes the
 * unscaled inverse transform (divide by n afterwards).
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (n !== im.length || (n & (n - 1)) !== 0) throw new Error('fft: length must be a power of two');
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const xr = re[b] * cr - im[b] * ci;
        const xi = re[b] * ci + im[b] * cr;
        re[b] = re[a] - xr;
        im[b] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
        const t = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = t;
      }
    }
  }
}

/**
 * Cross-correlation c[d] = Σ_t a[t] · b[t − d] for every lag d in [−maxLag, maxLag], through the FFT
 * (O(n log n): a 60 s envelope at 1 kHz against ±10 s of lags takes milliseconds). Index maxLag + d holds lag d.
 */
export function crossCorrelate(a: ArrayLike<number>, b: ArrayLike<number>, maxLag: number): Float64Array {
  let n = 1;
  while (n < a.length + b.length) n <<= 1;
  const ar = new Float64Array(n);
  const ai = new Float64Array(n);
  const br = new Float64Array(n);
  const bi = new Float64Array(n);
  for (let i = 0; i < a.length; i++) ar[i] = a[i];
  for (let i = 0; i < b.length; i++) br[i] = b[i];
  fft(ar, ai);
  fft(br, bi);
  // A · conj(B): the transform of Σ_t a[t + d] b[t]; lag d here means b shifted later by d.
  for (let i = 0; i < n; i++) {
    const r = ar[i] * br[i] + ai[i] * bi[i];
    const im = ai[i] * br[i] - ar[i] * bi[i];
    ar[i] = r;
    ai[i] = im;
  }
  fft(ar, ai, true);
  const out = new Float64Array(2 * maxLag + 1);
  // Lags where the signals do not overlap at all stay 0 (their bins would alias other lags).
  const lo = Math.max(-maxLag, -(b.length - 1));
  const hi = Math.min(maxLag, a.length - 1);
  for (let d = lo; d <= hi; d++) out[maxLag + d] = ar[(d + n) % n] / n;
  return out;
}
