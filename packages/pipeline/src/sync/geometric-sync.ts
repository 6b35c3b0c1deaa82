import type { CameraModel } from '../camera/camera-model';
import { solveLinear } from '../calibration/math/linalg';
import type { Keypoints2D } from '../pose/types';
import { essentialMatrix, estimateLag, lagCost, trackSamples, type LagEstimate } from './epipolar-lag';

export interface PairLag extends LagEstimate {
  a: number;
  b: number;
  /** Sharpness of the cost minimum in [0, 1]: 1 - cost / median cost over the searched lags. */
  sharpness: number;
}

export interface GeometricSyncOptions {
  /** Expected start offset of each camera relative to camera 0 (seconds; from the clocks, else 0). */
  priorSec: number[];
  /** Search half-width around the prior (seconds) for a pair of videos of these durations. */
  rangeSec: (durationA: number, durationB: number) => number;
  /** A lag is only scored when the two videos overlap by this share of the shorter one. */
  minOverlapRatio: number;
}

/** Lags of every camera pair from epipolar consistency (see epipolar-lag.ts). */
export function pairwiseLags(
  views: readonly Keypoints2D[],
  cams: readonly CameraModel[],
  opts: GeometricSyncOptions,
): PairLag[] {
  const tracks = views.map((v, c) => trackSamples(v, cams[c]));
  const pairs: PairLag[] = [];
  for (let a = 0; a < views.length; a++) {
    for (let b = a + 1; b < views.length; b++) {
      const est = estimateLag(
        tracks[a],
        tracks[b],
        {
          E: essentialMatrix(cams[a], cams[b]),
          fa: cams[a].intrinsics.fx,
          fb: cams[b].intrinsics.fx,
          minFrames: Math.max(
            5,
            Math.round(opts.minOverlapRatio * Math.min(views[a].frameCount, views[b].frameCount)),
          ),
        },
        opts.priorSec[b] - opts.priorSec[a],
        opts.rangeSec(views[a].frameCount / views[a].fps, views[b].frameCount / views[b].fps),
      );
      const sharpness =
        Number.isFinite(est.lagCostPx) && est.medianCostPx > 0
          ? Math.max(0, 1 - est.lagCostPx / est.medianCostPx)
          : 0;
      pairs.push({ ...est, a, b, sharpness });
    }
  }
  return pairs;
}

/**
 * Epipolar disagreement of every camera pair at the given start offsets, without a search: for a subject
 * standing still, where no lag can be measured and the clocks (or 0) are the best guess. Sharpness is 0.
 */
export function pairCostsAtOffsets(
  views: readonly Keypoints2D[],
  cams: readonly CameraModel[],
  offsetsSec: readonly number[],
): PairLag[] {
  // No smoothing: a still clip may be a few frames long.
  const tracks = views.map((v, c) => trackSamples(v, cams[c], 0.3, Infinity));
  const pairs: PairLag[] = [];
  for (let a = 0; a < views.length; a++) {
    for (let b = a + 1; b < views.length; b++) {
      const lagSec = offsetsSec[b] - offsetsSec[a];
      const cost = lagCost(
        tracks[a],
        tracks[b],
        lagSec,
        {
          E: essentialMatrix(cams[a], cams[b]),
          fa: cams[a].intrinsics.fx,
          fb: cams[b].intrinsics.fx,
          minFrames: Math.min(2, views[a].frameCount, views[b].frameCount),
        },
        true,
      );
      pairs.push({
        a,
        b,
        lagSec,
        costPx: cost.median,
        lagCostPx: cost.capped,
        medianCostPx: cost.capped,
        sharpness: 0,
      });
    }
  }
  return pairs;
}

/**
 * Start offsets (seconds, camera `reference` = 0) that best agree with the pairwise lags: weighted least squares
 * over the pairs, then pairs disagreeing by more than `outlierSec` are dropped and the fit repeated.
 * Cameras in `excluded` are left out (NaN).
 */
export function solveOffsets(
  n: number,
  pairs: readonly PairLag[],
  reference: number,
  excluded: ReadonlySet<number>,
  outlierSec: number,
): number[] {
  let active = pairs.filter(
    (p) => !excluded.has(p.a) && !excluded.has(p.b) && Number.isFinite(p.lagSec) && p.sharpness > 0,
  );
  let offsets: number[] = new Array<number>(n).fill(NaN);
  for (let iter = 0; iter < 4; iter++) {
    offsets = weightedLeastSquares(n, active, reference, excluded);
    const kept = active.filter((p) => Math.abs(offsets[p.b] - offsets[p.a] - p.lagSec) <= outlierSec);
    if (kept.length === active.length) break;
    // Keep the graph connected: only drop outliers when every camera still has a pair.
    const covered = new Set(kept.flatMap((p) => [p.a, p.b]));
    if ([...Array(n).keys()].some((c) => !excluded.has(c) && !covered.has(c))) break;
    active = kept;
  }
  return offsets;
}

function weightedLeastSquares(
  n: number,
  pairs: readonly PairLag[],
  reference: number,
  excluded: ReadonlySet<number>,
): number[] {
  // Unknowns: offsets of the non-reference, non-excluded cameras. Normal equations of sum w (o_b - o_a - lag)^2.
  const vars = [...Array(n).keys()].filter((c) => c !== reference && !excluded.has(c));
  const idx = new Map(vars.map((c, i) => [c, i]));
  const m = vars.length;
  const A = Array.from({ length: m }, () => new Float64Array(m));
  const rhs = new Float64Array(m);
  for (const p of pairs) {
    const w = p.sharpness * p.sharpness;
    const ia = idx.get(p.a);
    const ib = idx.get(p.b);
    // residual = o_b - o_a - lag
    if (ib !== undefined) {
      A[ib][ib] += w;
      rhs[ib] += w * p.lagSec;
      if (ia !== undefined) A[ib][ia] -= w;
    }
    if (ia !== undefined) {
      A[ia][ia] += w;
      rhs[ia] -= w * p.lagSec;
      if (ib !== undefined) A[ia][ib] -= w;
    }
  }
  const x =
    solveLinear(
      A.flatMap((row) => [...row]),
      [...rhs],
      m,
      1e-12,
    ) ?? new Array<number>(m).fill(NaN);
  const offsets = new Array<number>(n).fill(NaN);
  offsets[reference] = 0;
  vars.forEach((c, i) => (offsets[c] = x[i]));
  return offsets;
}
