/** Regularisation terms of IK for noisy keypoints: a weak prior towards the default pose and pass averaging. */
import { GROUND, type Model } from '../model/types';
import type { IKProblem } from './problem';

/** A soft target on one coordinate: residual sqrtW * (q[index] - value). */
export interface CoordinateResidual {
  index: number;
  value: number;
  sqrtW: number;
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
