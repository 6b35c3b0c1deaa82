/**
 * First-frame start for IK: the subject may face any direction, so the root joint's vertical rotation is
 * tried at four headings (with the root translated onto the marker centroid) and the best solve is kept.
 */
import { applyCouplers, newTransforms } from '../kinematics/compiled';
import { bodyTransformsInto, markerPositionsInto } from '../kinematics/forward';
import { GROUND } from '../model/types';
import type { IKProblem } from './problem';

export function rootMultiStart(
  p: IKProblem,
  q0: Float64Array,
  target: Float64Array,
  solve: (q: Float64Array, iterations: number) => number,
): Float64Array {
  const kin = p.kin;
  const root = kin.joints.find((j) => kin.bodyNames[j.parent] === GROUND);
  if (!root) return q0;
  const freeSet = new Set(p.free);
  let yaw = -1;
  let best = 0;
  for (const a of root.axes) {
    if (a.rotation && a.coord >= 0 && freeSet.has(a.coord) && Math.abs(a.axis[1]) > best) {
      best = Math.abs(a.axis[1]);
      yaw = a.coord;
    }
  }
  const headings = yaw >= 0 ? [0, Math.PI / 2, Math.PI, -Math.PI / 2] : [0];
  // The joints start from q0 (the model's default pose: a scaled model's neutral pose) and from the zero pose:
  // a neutral recorded in a T-pose would otherwise start a trial whose arms hang down with the shoulders near
  // their gimbal lock (adduction -90°), where a local solver can stay stuck.
  const rootCoords = new Set(root.axes.map((a) => a.coord));
  const zero = Float64Array.from(q0);
  for (const k of p.free) if (!rootCoords.has(k)) zero[k] = 0;
  clampFree(p, zero);
  const seeds = zero.some((v, k) => v !== q0[k]) ? [q0, zero] : [q0];
  let bestQ = q0;
  let bestCost = Infinity;
  for (const [h, seed] of seeds.flatMap((s) => headings.map((h) => [h, s] as const))) {
    const q = Float64Array.from(seed);
    if (yaw >= 0) q[yaw] = seed[yaw] + h;
    centreRoot(
      p,
      q,
      target,
      root.axes.filter((a) => !a.rotation && a.coord >= 0 && freeSet.has(a.coord)),
    );
    const cost = solve(q, 40);
    if (cost < bestCost) {
      bestCost = cost;
      bestQ = q;
    }
  }
  return bestQ;
}

function clampFree(p: IKProblem, q: Float64Array): void {
  for (const k of p.free) q[k] = Math.min(p.upper[k], Math.max(p.lower[k], q[k]));
  applyCouplers(p.kin, q);
}

function centreRoot(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  axes: { axis: Float64Array; coord: number }[],
): void {
  const kin = p.kin;
  const bodies = bodyTransformsInto(kin, q, newTransforms(kin.bodyNames.length));
  const markers = markerPositionsInto(kin, bodies, new Float64Array(kin.markerNames.length * 3));
  const d = [0, 0, 0];
  let n = 0;
  for (const mi of p.used) {
    const ti = p.targetOfMarker[mi];
    if (Number.isNaN(target[3 * ti])) continue;
    for (let a = 0; a < 3; a++) d[a] += target[3 * ti + a] - markers[3 * mi + a];
    n++;
  }
  if (n === 0) return;
  for (const ax of axes) q[ax.coord] += (ax.axis[0] * d[0] + ax.axis[1] * d[1] + ax.axis[2] * d[2]) / n;
}
