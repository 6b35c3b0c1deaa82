import { solveLinear } from '../calibration/math/linalg';
import { undistortToNormalized, type CameraModel } from '../camera/camera-model';
import { lowPassFilter } from '../filter/butterworth';
import type { Keypoints2D } from '../pose/types';

/**
 * Time lag between two calibrated cameras from the epipolar consistency of their keypoint tracks: at the right
 * lag, every keypoint of camera B lies on the epipolar line of the same keypoint in camera A. The cost of a lag
 * is a robust mean (over frames) of the median (over keypoints) epipolar distance in pixels.
 * Left/right labels may be swapped by the detector in one view: each frame takes the better of both labellings.
 */
export interface TrackSamples {
  /** Per frame, per keypoint: undistorted normalised x, y (NaN when missing). */
  xy: Float64Array;
  keypoints: number;
  frames: number;
  fps: number;
  /** Keypoint index of the left/right partner, or the keypoint itself. */
  mirror: Int32Array;
}

/**
 * Undistorted keypoint tracks, low-pass filtered at smoothingHz: detector jitter is independent from frame to
 * frame and would otherwise favour integer lags, where no interpolation averages it out.
 */
export function trackSamples(
  kp: Keypoints2D,
  cam: CameraModel,
  minConfidence = 0.3,
  smoothingHz = 8,
): TrackSamples {
  const K = kp.names.length;
  const xy = new Float64Array(kp.frameCount * K * 2).fill(NaN);
  for (let f = 0; f < kp.frameCount; f++) {
    for (let k = 0; k < K; k++) {
      const i = (f * K + k) * 3;
      if (!(kp.data[i + 2] >= minConfidence)) continue;
      const [x, y] = undistortToNormalized(cam.intrinsics, kp.data[i], kp.data[i + 1]);
      xy[(f * K + k) * 2] = x;
      xy[(f * K + k) * 2 + 1] = y;
    }
  }
  if (smoothingHz < kp.fps / 2) {
    const series = new Float64Array(kp.frameCount);
    for (let k = 0; k < K; k++) {
      for (let c = 0; c < 2; c++) {
        for (let f = 0; f < kp.frameCount; f++) series[f] = xy[(f * K + k) * 2 + c];
        const smooth = lowPassFilter(series, smoothingHz, kp.fps);
        for (let f = 0; f < kp.frameCount; f++) xy[(f * K + k) * 2 + c] = smooth[f];
      }
    }
  }
  const mirror = new Int32Array(K);
  kp.names.forEach((n, k) => {
    const other = n.startsWith('l_') ? `r_${n.slice(2)}` : n.startsWith('r_') ? `l_${n.slice(2)}` : n;
    const j = kp.names.indexOf(other);
    mirror[k] = j >= 0 ? j : k;
  });
  return { xy, keypoints: K, frames: kp.frameCount, fps: kp.fps, mirror };
}

/** Essential matrix mapping normalised points of camera A to epipolar lines in camera B (row-major 3x3). */
export function essentialMatrix(a: CameraModel, b: CameraModel): number[] {
  const Ra = a.extrinsics.R;
  const Rb = b.extrinsics.R;
  // R = Rb * Ra^T, t = tb - R * ta
  const R: number[] = [];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      R.push(Rb[i * 3] * Ra[j * 3] + Rb[i * 3 + 1] * Ra[j * 3 + 1] + Rb[i * 3 + 2] * Ra[j * 3 + 2]);
  const ta = a.extrinsics.t;
  const tb = b.extrinsics.t;
  const t = [0, 1, 2].map((i) => tb[i] - (R[i * 3] * ta[0] + R[i * 3 + 1] * ta[1] + R[i * 3 + 2] * ta[2]));
  const tx = [0, -t[2], t[1], t[2], 0, -t[0], -t[1], t[0], 0];
  const E: number[] = [];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      E.push(tx[i * 3] * R[j] + tx[i * 3 + 1] * R[3 + j] + tx[i * 3 + 2] * R[6 + j]);
  return E;
}

/** Symmetric epipolar distance (pixels, using each camera's focal length) of a point pair. */
function epipolarDistance(
  E: number[],
  fa: number,
  fb: number,
  xa: number,
  ya: number,
  xb: number,
  yb: number,
): number {
  // Line in B: l = E [xa ya 1]; line in A: l' = E^T [xb yb 1]
  const l0 = E[0] * xa + E[1] * ya + E[2];
  const l1 = E[3] * xa + E[4] * ya + E[5];
  const l2 = E[6] * xa + E[7] * ya + E[8];
  const dB = Math.abs(l0 * xb + l1 * yb + l2) / Math.hypot(l0, l1);
  const m0 = E[0] * xb + E[3] * yb + E[6];
  const m1 = E[1] * xb + E[4] * yb + E[7];
  const dA = Math.abs(m0 * xa + m1 * ya + E[2] * xb + E[5] * yb + E[8]) / Math.hypot(m0, m1);
  return 0.5 * (dB * fb + dA * fa);
}

function sampleB(b: TrackSamples, pos: number, k: number, out: [number, number]): boolean {
  const f0 = Math.floor(pos);
  if (f0 < 0 || f0 >= b.frames) return false;
  const w = pos - f0;
  const i0 = (f0 * b.keypoints + k) * 2;
  if (w < 1e-9) {
    out[0] = b.xy[i0];
    out[1] = b.xy[i0 + 1];
  } else {
    if (f0 + 1 >= b.frames) return false;
    const i1 = i0 + b.keypoints * 2;
    out[0] = b.xy[i0] * (1 - w) + b.xy[i1] * w;
    out[1] = b.xy[i0 + 1] * (1 - w) + b.xy[i1 + 1] * w;
  }
  return !Number.isNaN(out[0]);
}

export interface LagCostContext {
  E: number[];
  fa: number;
  fb: number;
  minFrames: number;
  /** Use every n-th frame of A (coarse search); default 1. */
  frameStride?: number;
}

/**
 * Cost of the hypothesis "frame f of A was taken at the same time as frame f * fpsB / fpsA - lagFramesB of B":
 * lag > 0 means B started later. Returns NaN when fewer than minFrames frames overlap.
 */
export function lagCost(
  a: TrackSamples,
  b: TrackSamples,
  lagSec: number,
  ctx: LagCostContext,
  withMedian = false,
): { capped: number; median: number } {
  const perFrame: number[] = [];
  const perFrameMedian: number[] = [];
  const dists: number[] = [];
  const dMirror: number[] = [];
  const pb: [number, number] = [0, 0];
  const stride = ctx.frameStride ?? 1;
  for (let f = 0; f < a.frames; f += stride) {
    const pos = (f / a.fps - lagSec) * b.fps;
    if (pos < 0 || pos > b.frames - 1) continue;
    dists.length = 0;
    dMirror.length = 0;
    for (let k = 0; k < a.keypoints; k++) {
      const ia = (f * a.keypoints + k) * 2;
      const xa = a.xy[ia];
      if (Number.isNaN(xa)) continue;
      if (sampleB(b, pos, k, pb))
        dists.push(epipolarDistance(ctx.E, ctx.fa, ctx.fb, xa, a.xy[ia + 1], pb[0], pb[1]));
      if (sampleB(b, pos, b.mirror[k], pb))
        dMirror.push(epipolarDistance(ctx.E, ctx.fa, ctx.fb, xa, a.xy[ia + 1], pb[0], pb[1]));
    }
    if (dists.length < 4) continue;
    const mirrored = dMirror.length >= 4;
    perFrame.push(Math.min(cappedMean(dists), mirrored ? cappedMean(dMirror) : Infinity));
    if (withMedian) perFrameMedian.push(Math.min(median(dists), mirrored ? median(dMirror) : Infinity));
  }
  if (perFrame.length * stride < ctx.minFrames) return { capped: NaN, median: NaN };
  return { capped: trimmedMean(perFrame), median: withMedian ? trimmedMean(perFrameMedian) : NaN };
}

/** Mean of the best 80% of frames (a few frames may hold a wrong detection). */
function trimmedMean(v: number[]): number {
  v.sort((x, y) => x - y);
  const keep = Math.max(1, Math.round(v.length * 0.8));
  let s = 0;
  for (let i = 0; i < keep; i++) s += v[i];
  return s / keep;
}

/** Mean of distances capped at 30 px: uses every keypoint (precise) while bounding wrong ones (robust). */
function cappedMean(v: number[]): number {
  return v.reduce((s, d) => s + Math.min(d, 30), 0) / v.length;
}

function median(v: number[]): number {
  v.sort((x, y) => x - y);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

export interface LagEstimate {
  lagSec: number;
  /** Robust epipolar disagreement at the best lag (px): median over keypoints, trimmed mean over frames. */
  costPx: number;
  /** Capped-mean cost at the best lag (the curve whose minimum gives the lag). */
  lagCostPx: number;
  /** Median of the capped-mean cost over the searched lags: a flat curve means a poorly determined lag. */
  medianCostPx: number;
}

/**
 * Searches lags in [centre - range, centre + range] in one-frame steps of B (on a subset of A's frames when the
 * video is long), then refines around the best lag to 1/20 frame with every frame.
 */
export function estimateLag(
  a: TrackSamples,
  b: TrackSamples,
  ctx: LagCostContext,
  centreSec: number,
  rangeSec: number,
): LagEstimate {
  const step = 1 / b.fps;
  const n = Math.max(1, Math.round(rangeSec / step));
  const coarseCtx = { ...ctx, frameStride: Math.max(1, Math.floor(a.frames / 120)) };
  const costs: number[] = [];
  let best = -1;
  for (let s = -n; s <= n; s++) {
    const c = lagCost(a, b, centreSec + s * step, coarseCtx).capped;
    costs.push(c);
    if (Number.isFinite(c) && (best < 0 || c < costs[best])) best = costs.length - 1;
  }
  if (best < 0) return { lagSec: NaN, costPx: NaN, lagCostPx: NaN, medianCostPx: NaN };
  const coarse = centreSec + (best - n) * step;
  const fine: Array<[number, number]> = [];
  for (let s = -30; s <= 30; s++) {
    const l = coarse + (s / 20) * step;
    const c = lagCost(a, b, l, ctx).capped;
    if (Number.isFinite(c)) fine.push([l, c]);
  }
  let [lag, cost] = fine.reduce((m, x) => (x[1] < m[1] ? x : m), [coarse, Infinity]);
  // The cost curve of a slow movement is shallow and slightly ragged (the frames kept by the trimmed mean
  // change with the lag): the vertex of a parabola fitted over 1.5 frames either side is steadier than the
  // grid's argmin.
  const vertex = parabolaVertex(fine.filter(([l]) => Math.abs(l - lag) <= 1.5 * step));
  if (vertex !== null && Math.abs(vertex - lag) <= step) {
    lag = vertex;
    cost = lagCost(a, b, lag, ctx).capped;
  }
  return {
    lagSec: lag,
    costPx: lagCost(a, b, lag, ctx, true).median,
    lagCostPx: cost,
    medianCostPx: median(costs.filter(Number.isFinite)),
  };
}

/** Abscissa of the minimum of the least-squares parabola through the points, or null if not convex. */
function parabolaVertex(pts: ReadonlyArray<[number, number]>): number | null {
  if (pts.length < 5) return null;
  const x0 = pts[0][0];
  const span = pts[pts.length - 1][0] - x0 || 1;
  // Normal equations of c0 + c1 u + c2 u^2 with u in [0, 1] for conditioning.
  const S = new Array<number>(5).fill(0);
  const T = [0, 0, 0];
  for (const [x, y] of pts) {
    const u = (x - x0) / span;
    for (let p = 0; p < 5; p++) S[p] += u ** p;
    for (let p = 0; p < 3; p++) T[p] += y * u ** p;
  }
  const c = solveLinear([S[0], S[1], S[2], S[1], S[2], S[3], S[2], S[3], S[4]], T, 3, 1e-15);
  if (!c) return null;
  const [, c1, c2] = c;
  if (!(c2 > 0)) return null;
  return x0 + (-c1 / (2 * c2)) * span;
}
