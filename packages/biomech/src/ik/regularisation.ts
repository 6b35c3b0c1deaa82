/** Regularisation terms of IK for noisy keypoints: a weak prior towards the default pose and pass averaging. */
import { GROUND, type Model } from '../model/types';
import type { IKProblem } from './problem';

/**
 * A soft target on one coordinate: residual sqrtW * (q[index] - value); one-sided with `side` (-1: only below
 * value, +1: only above it), as a soft joint limit.
 */
export interface CoordinateResidual {
  index: number;
  value: number;
  sqrtW: number;
  side?: -1 | 1;
  /** Relative target: residual sqrtW * (q[index] - gain * q[other] - value). */
  relative?: { other: number; gain: number };
}

/** The residual of one coordinate target at q. */
export function targetResidual(t: CoordinateResidual, q: Float64Array): number {
  const d = q[t.index] - (t.relative ? t.relative.gain * q[t.relative.other] : 0) - t.value;
  if (t.side === -1) return d < 0 ? t.sqrtW * d : 0;
  if (t.side === 1) return d > 0 ? t.sqrtW * d : 0;
  return t.sqrtW * d;
}

/**
 * Soft limits: from `marginRad` inside each clamped rotational coordinate's range (of the names given, all
 * when absent), a one-sided target pulls back towards the range's middle, so that a coordinate reaches its hard
 * limit only when the markers insist.
 */
export function softLimitTargets(
  model: Model,
  p: IKProblem,
  soft: { marginRad: number; weight: number; coordinates?: readonly string[] },
): CoordinateResidual[] {
  if (!(soft.weight > 0)) return [];
  const sqrtW = Math.sqrt(soft.weight);
  return Array.from(p.free).flatMap((k) => {
    const c = model.coordinates[k];
    if (!c.clamped || c.motionType !== 'rotational') return [];
    if (soft.coordinates && !soft.coordinates.includes(c.name)) return [];
    const [lo, hi] = c.range;
    const margin = Math.min(soft.marginRad, (hi - lo) / 4);
    return [
      { index: k, value: lo + margin, sqrtW, side: -1 as const },
      { index: k, value: hi - margin, sqrtW, side: 1 as const },
    ];
  });
}

/**
 * Prior residuals: free rotational coordinates of non-root joints, towards their default values. The root is
 * left out (heading and position are arbitrary), and so are translations.
 */
export function priorTargets(model: Model, p: IKProblem, weight: number): CoordinateResidual[] {
  if (!(weight > 0)) return [];
  const rootJoint = p.kin.joints.find((j) => p.kin.bodyNames[j.parent] === GROUND);
  const rootCoords = new Set(rootJoint?.coords ?? []);
  const sqrtW = Math.sqrt(weight);
  return Array.from(p.free)
    .filter((k) => !rootCoords.has(k) && model.coordinates[k].motionType === 'rotational')
    .map((k) => ({ index: k, value: model.coordinates[k].defaultValue, sqrtW }));
}

/** a ← mean of a and b over the free coordinates (unclamped rotations through the shorter arc). */
export function averageInto(model: Model, p: IKProblem, a: Float64Array, b: Float64Array): void {
  for (const k of p.free) {
    let d = b[k] - a[k];
    const c = model.coordinates[k];
    if (c.motionType === 'rotational' && !c.clamped) d = Math.atan2(Math.sin(d), Math.cos(d));
    a[k] += d / 2;
  }
}
