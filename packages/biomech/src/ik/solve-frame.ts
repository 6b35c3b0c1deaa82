/**
 * One frame of inverse kinematics: residuals of the weighted markers, coordinate targets and the smoothing term,
 * their Jacobian (exact joint-local finite differences: perturbing one coordinate moves only its joint, so the
 * column is the change of that joint's child-body transform applied to the markers below it), and projected
 * Levenberg–Marquardt within the joint limits. `solve-ik.ts` runs it over a trial's frames.
 */
import { evalFunction } from '../model/functions';
import { applyCouplers, jointTransformInto, newTransforms } from '../kinematics/compiled';
import { bodyTransformsInto, markerPositionsInto } from '../kinematics/forward';
import { composeInto, identityTransform, invert, type Transform } from '../math/transform';
import { choleskySolve } from './linalg';
import type { IKProblem } from './problem';
import { targetResidual, type CoordinateResidual } from './regularisation';

export interface Workspace {
  bodies: Transform[];
  trial: Transform[];
  markers: Float64Array;
  trialMarkers: Float64Array;
  J: Float64Array;
  r: Float64Array;
}

export function makeWorkspace(p: IKProblem, nTargets: number): Workspace {
  const m = p.used.length * 3 + nTargets + p.free.length;
  return {
    bodies: newTransforms(p.kin.bodyNames.length),
    trial: newTransforms(p.kin.bodyNames.length),
    markers: new Float64Array(p.kin.markerNames.length * 3),
    trialMarkers: new Float64Array(p.kin.markerNames.length * 3),
    J: new Float64Array(m * p.free.length),
    r: new Float64Array(m),
  };
}

export function clampInto(p: IKProblem, q: Float64Array): void {
  for (const k of p.free) q[k] = Math.min(p.upper[k], Math.max(p.lower[k], q[k]));
  applyCouplers(p.kin, q);
}

export type Targets = CoordinateResidual[];

/** Fills residuals for q (markers via `markers`), returns the cost and the residual count. */
function residuals(
  p: IKProblem,
  q: Float64Array,
  markers: Float64Array,
  target: Float64Array,
  targets: Targets,
  prev: Float64Array | null,
  smoothW: number,
  r: Float64Array,
): number {
  let n = 0;
  for (const mi of p.used) {
    const ti = p.targetOfMarker[mi];
    const tx = target[3 * ti];
    if (Number.isNaN(tx)) {
      r[n++] = 0;
      r[n++] = 0;
      r[n++] = 0;
      continue;
    }
    const w = p.sqrtWeight[mi];
    r[n++] = w * (markers[3 * mi] - tx);
    r[n++] = w * (markers[3 * mi + 1] - target[3 * ti + 1]);
    r[n++] = w * (markers[3 * mi + 2] - target[3 * ti + 2]);
  }
  for (const t of targets) r[n++] = targetResidual(t, q);
  const sw = Math.sqrt(smoothW);
  for (const k of p.free) r[n++] = prev && sw > 0 ? sw * (q[k] - prev[k]) : 0;
  let cost = 0;
  for (let i = 0; i < n; i++) cost += r[i] * r[i];
  return cost;
}

const H = 1e-7;
const tA = identityTransform();
const tB = identityTransform();
const tJ = identityTransform();

function jacobian(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  targets: Targets,
  smoothW: number,
  ws: Workspace,
): number {
  const nf = p.free.length;
  const m = p.used.length * 3 + targets.length + nf;
  const J = ws.J;
  J.fill(0, 0, m * nf);
  // Row index of each model marker in the residual vector (-1 if unused or missing this frame).
  const rowOf = new Int32Array(p.kin.markerNames.length).fill(-1);
  p.used.forEach((mi, u) => {
    if (!Number.isNaN(target[3 * p.targetOfMarker[mi]])) rowOf[mi] = 3 * u;
  });
  for (let c = 0; c < nf; c++) {
    const plan = p.plans[c];
    const k = plan.coord;
    const saved = q[k];
    const savedDeps = plan.dependents.map((d) => q[d.index]);
    q[k] = saved + H;
    for (const d of plan.dependents) {
      const cp = p.kin.couplers[d.coupler];
      q[d.index] = cp.scale * evalFunction(cp.fn, q[k]);
    }
    if (plan.joint) {
      const j = plan.joint;
      jointTransformInto(j, q, tJ);
      composeInto(ws.bodies[j.parent], j.parentOffset, tA);
      composeInto(tA, tJ, tB);
      composeInto(tB, j.childOffsetInv, tA); // new child transform
      const delta = composeInto(tA, invert(ws.bodies[j.child]), tB);
      const R = delta.R;
      for (const mi of plan.markers) {
        const row = rowOf[mi];
        if (row < 0) continue;
        const x = ws.markers[3 * mi];
        const y = ws.markers[3 * mi + 1];
        const z = ws.markers[3 * mi + 2];
        const w = p.sqrtWeight[mi] / H;
        J[row * nf + c] = w * (R[0] * x + R[1] * y + R[2] * z + delta.p[0] - x);
        J[(row + 1) * nf + c] = w * (R[3] * x + R[4] * y + R[5] * z + delta.p[1] - y);
        J[(row + 2) * nf + c] = w * (R[6] * x + R[7] * y + R[8] * z + delta.p[2] - z);
      }
    } else {
      bodyTransformsInto(p.kin, q, ws.trial);
      markerPositionsInto(p.kin, ws.trial, ws.trialMarkers);
      for (const mi of plan.markers) {
        const row = rowOf[mi];
        if (row < 0) continue;
        const w = p.sqrtWeight[mi] / H;
        for (let a = 0; a < 3; a++)
          J[(row + a) * nf + c] = w * (ws.trialMarkers[3 * mi + a] - ws.markers[3 * mi + a]);
      }
    }
    q[k] = saved;
    plan.dependents.forEach((d, i) => (q[d.index] = savedDeps[i]));
  }
  let row = p.used.length * 3;
  for (const t of targets) {
    const c = p.free.indexOf(t.index);
    // A one-sided target (soft limit) has a slope only where it is active.
    const d = targetResidual(t, q);
    const active = t.side === undefined || (t.side < 0 ? d < 0 : d > 0);
    if (c >= 0 && active) J[row * nf + c] = t.sqrtW;
    if (t.relative) {
      const o = p.free.indexOf(t.relative.other);
      if (o >= 0) J[row * nf + o] = -t.relative.gain * t.sqrtW;
    }
    row++;
  }
  const sw = Math.sqrt(smoothW);
  for (let c = 0; c < nf; c++) J[(row + c) * nf + c] = sw;
  return m;
}

/** Projected Levenberg–Marquardt on one frame; q is updated in place. Returns the final cost. */
export function solveFrame(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  targets: Targets,
  prev: Float64Array | null,
  smoothW: number,
  maxIter: number,
  ws: Workspace,
): number {
  const nf = p.free.length;
  const kin = p.kin;
  const JtJ = new Float64Array(nf * nf);
  const A = new Float64Array(nf * nf);
  const g = new Float64Array(nf);
  const step = new Float64Array(nf);
  const trialQ = new Float64Array(q.length);
  const active = new Uint8Array(nf);
  bodyTransformsInto(kin, q, ws.bodies);
  markerPositionsInto(kin, ws.bodies, ws.markers);
  let cost = residuals(p, q, ws.markers, target, targets, prev, smoothW, ws.r);
  let lambda = 1e-3;
  for (let it = 0; it < maxIter; it++) {
    const m = jacobian(p, q, target, targets, smoothW, ws);
    const J = ws.J;
    const r = ws.r;
    JtJ.fill(0);
    g.fill(0);
    for (let i = 0; i < m; i++) {
      const ri = r[i];
      const base = i * nf;
      for (let a = 0; a < nf; a++) {
        const ja = J[base + a];
        if (ja === 0) continue;
        g[a] += ja * ri;
        for (let b = a; b < nf; b++) JtJ[a * nf + b] += ja * J[base + b];
      }
    }
    // Coordinates at a limit whose descent direction points outside stay fixed for this iteration.
    for (let a = 0; a < nf; a++) {
      const k = p.free[a];
      active[a] = (q[k] <= p.lower[k] && g[a] > 0) || (q[k] >= p.upper[k] && g[a] < 0) ? 1 : 0;
    }
    let improved = false;
    for (let attempt = 0; attempt < 8; attempt++) {
      for (let a = 0; a < nf; a++) {
        for (let b = a; b < nf; b++) {
          const v = active[a] || active[b] ? (a === b ? 1 : 0) : JtJ[a * nf + b];
          A[a * nf + b] = v;
          A[b * nf + a] = v;
        }
        if (!active[a]) A[a * nf + a] += lambda * (JtJ[a * nf + a] + 1e-6);
        step[a] = active[a] ? 0 : -g[a];
      }
      if (!choleskySolve(A, step, nf)) {
        lambda *= 10;
        continue;
      }
      trialQ.set(q);
      for (let a = 0; a < nf; a++) trialQ[p.free[a]] += step[a];
      clampInto(p, trialQ);
      bodyTransformsInto(kin, trialQ, ws.trial);
      markerPositionsInto(kin, ws.trial, ws.trialMarkers);
      const trialCost = residuals(p, trialQ, ws.trialMarkers, target, targets, prev, smoothW, ws.r);
      if (trialCost < cost) {
        const gain = cost - trialCost;
        q.set(trialQ);
        for (let b = 0; b < ws.bodies.length; b++) {
          ws.bodies[b].R.set(ws.trial[b].R);
          ws.bodies[b].p.set(ws.trial[b].p);
        }
        ws.markers.set(ws.trialMarkers);
        cost = trialCost;
        lambda = Math.max(1e-9, lambda / 5);
        improved = gain > 1e-12 * (1 + cost);
        break;
      }
      lambda *= 8;
    }
    if (!improved) break;
    let maxStep = 0;
    for (let a = 0; a < nf; a++) maxStep = Math.max(maxStep, Math.abs(step[a]));
    if (maxStep < 1e-6) break;
  }
  // Leave the residual vector consistent with q for callers that read it.
  residuals(p, q, ws.markers, target, targets, prev, smoothW, ws.r);
  return cost;
}

/** Coordinates of q within their limit tolerance (IKProblem.limitTolerance) of a limit whose cost gradient points out of the range. */
export function limitFlags(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  targets: Targets,
  ws: Workspace,
): Int8Array {
  const flags = new Int8Array(q.length);
  const tol = p.limitTolerance;
  const near = Array.from(p.free, (k) =>
    q[k] - p.lower[k] <= tol[k] ? -1 : p.upper[k] - q[k] <= tol[k] ? 1 : 0,
  );
  if (near.every((n) => n === 0)) return flags;
  bodyTransformsInto(p.kin, q, ws.bodies);
  markerPositionsInto(p.kin, ws.bodies, ws.markers);
  residuals(p, q, ws.markers, target, targets, null, 0, ws.r);
  const m = jacobian(p, q, target, targets, 0, ws);
  const nf = p.free.length;
  near.forEach((side, c) => {
    if (side === 0) return;
    let g = 0;
    let h = 0;
    for (let i = 0; i < m; i++) {
      g += ws.J[i * nf + c] * ws.r[i];
      h += ws.J[i * nf + c] ** 2;
    }
    // Where this coordinate alone would go without the limit (a Gauss-Newton step): flagged when that is past
    // the limit by more than the tolerance, so a coordinate the markers barely see (a forearm's rotation, seen
    // through a wrist keypoint 1.4 cm off its axis) is not flagged for a negligible pull.
    const k = p.free[c];
    const free = q[k] - g / (h + 1e-12);
    if ((side < 0 && free < p.lower[k] - tol[k]) || (side > 0 && free > p.upper[k] + tol[k])) flags[k] = side;
  });
  return flags;
}

/** Marker and coordinate-target cost of q on one frame (no smoothing term). */
export function frameCost(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  targets: Targets,
  ws: Workspace,
): number {
  bodyTransformsInto(p.kin, q, ws.trial);
  markerPositionsInto(p.kin, ws.trial, ws.trialMarkers);
  return residuals(p, q, ws.trialMarkers, target, targets, null, 0, ws.r);
}

export function markerErrors(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  ws: Workspace,
): { rms: number; max: number } {
  bodyTransformsInto(p.kin, q, ws.bodies);
  markerPositionsInto(p.kin, ws.bodies, ws.markers);
  let sum = 0;
  let n = 0;
  let max = 0;
  for (const mi of p.used) {
    const ti = p.targetOfMarker[mi];
    if (Number.isNaN(target[3 * ti])) continue;
    const d = Math.hypot(
      ws.markers[3 * mi] - target[3 * ti],
      ws.markers[3 * mi + 1] - target[3 * ti + 1],
      ws.markers[3 * mi + 2] - target[3 * ti + 2],
    );
    sum += d * d;
    n++;
    max = Math.max(max, d);
  }
  return { rms: n > 0 ? Math.sqrt(sum / n) : NaN, max };
}
