/** Distances between a model's markers in its default pose. */
import { markerPositions } from '../kinematics/forward';
import type { Model } from '../model/types';

/**
 * Distance (m) between each pair of markers with the model in its default pose, NaN when a marker is absent.
 * On a scaled model (its default pose is the neutral pose, its keypoint markers placed where the detector put
 * them) this gives the subject's neutral limb lengths between keypoints.
 */
export function markerDistances(model: Model, pairs: ReadonlyArray<readonly [string, string]>): number[] {
  const pos = markerPositions(model, {});
  return pairs.map(([a, b]) => {
    const pa = pos[a];
    const pb = pos[b];
    return pa && pb ? Math.hypot(pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]) : NaN;
  });
}
