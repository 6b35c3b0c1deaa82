/**
 * Compares the sign convention of coordinates shared by two models: for each rotational coordinate, the
 * direction in ground of the rotation its child body makes when the coordinate increases.
 */
import { forwardKinematics } from '../kinematics/forward';
import type { CoordinateValues, Model } from '../model/types';

function rotationAxisOfChange(Ra: number[], Rb: number[]): [number, number, number] {
  // dR = Rb * Ra^T; its skew part gives the axis (times sin angle).
  const d = (i: number, j: number): number =>
    Rb[3 * i] * Ra[3 * j] + Rb[3 * i + 1] * Ra[3 * j + 1] + Rb[3 * i + 2] * Ra[3 * j + 2];
  const v: [number, number, number] = [d(2, 1) - d(1, 2), d(0, 2) - d(2, 0), d(1, 0) - d(0, 1)];
  const n = Math.hypot(...v);
  return n === 0 ? [0, 0, 0] : [v[0] / n, v[1] / n, v[2] / n];
}

/** Cosine between the two models' rotation axes per shared rotational coordinate (1 = same convention). */
export function compareSignConventions(
  a: Model,
  b: Model,
  pose: CoordinateValues,
  step = 0.05,
): Record<string, number> {
  const out: Record<string, number> = {};
  const namesB = new Set(b.coordinates.map((c) => c.name));
  for (const c of a.coordinates) {
    if (c.motionType !== 'rotational' || !namesB.has(c.name)) continue;
    const childA = a.joints.find((j) => j.name === c.joint)?.childBody;
    const cb = b.coordinates.find((x) => x.name === c.name);
    const childB = b.joints.find((j) => j.name === cb?.joint)?.childBody;
    if (!childA || !childB) continue;
    const moved = { ...pose, [c.name]: (pose[c.name] ?? 0) + step };
    const axA = rotationAxisOfChange(
      forwardKinematics(a, pose)[childA].R,
      forwardKinematics(a, moved)[childA].R,
    );
    const axB = rotationAxisOfChange(
      forwardKinematics(b, pose)[childB].R,
      forwardKinematics(b, moved)[childB].R,
    );
    out[c.name] = axA[0] * axB[0] + axA[1] * axB[1] + axA[2] * axB[2];
  }
  return out;
}
