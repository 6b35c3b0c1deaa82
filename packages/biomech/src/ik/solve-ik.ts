/**
 * Inverse kinematics: per frame, weighted least squares on marker positions within joint limits
 * (projected Levenberg–Marquardt), warm-started from the previous frame. Jacobian columns are exact
 * joint-local finite differences: perturbing one coordinate moves only its joint, so the column is the
 * change of that joint's child-body transform applied to the markers below it.
 */
import { evalFunction } from '../model/functions';
import { applyCouplers, jointTransformInto, newTransforms } from '../kinematics/compiled';
import { bodyTransformsInto, coordinateVector, markerPositionsInto } from '../kinematics/forward';
import { composeInto, identityTransform, invert, type Transform } from '../math/transform';
import type { CoordinateValues, Model } from '../model/types';
import { choleskySolve } from './linalg';
import { buildProblem, type IKProblem } from './problem';
import { rootMultiStart } from './initial-guess';
import { normaliseTurns } from './turns';
import {
  averageInto,
  priorTargets,
  softLimitTargets,
  targetResidual,
  type CoordinateResidual,
} from './regularisation';

export interface MarkerTrajectories {
  names: string[];
  time: number[];
  /** Per frame, flat [x0,y0,z0,x1,…] in metres, in `names` order; NaN marks a missing marker. */
  frames: Float64Array[];
}

export interface CoordinateTarget {
  value: number; // radians or metres
  weight: number;
}

export interface IKOptions {
  /** Marker weights; when given, markers missing from it are not used. Default: every shared marker, weight 1. */
  weights?: Record<string, number>;
  /** Extra soft targets on coordinates (e.g. the neutral pose during scaling). */
  coordinateTargets?: Record<string, CoordinateTarget>;
  /** Starting coordinates for the first frame (named, radians/metres); default: model defaults + a root search. */
  initial?: CoordinateValues;
  /** Weight of (q - q_previous)² per coordinate: temporal smoothing; 0 (default) disables it. */
  smoothing?: number;
  /**
   * Weight of (q - default)² on every free rotational coordinate below the root joint: a weak Tikhonov prior
   * that only matters along directions the markers barely see (e.g. pelvis tilt traded against both hip
   * flexions and lumbar extension when the pelvis keypoints lie on the hip axis). Default: smoothing / 50.
   */
  prior?: number;
  /**
   * With smoothing, solve the trial forward and backward and average the two passes (zero-phase, like a
   * filtfilt: no lag, and the first frames no longer carry a start-up transient). Default: smoothing > 0.
   */
  bidirectional?: boolean;
  /**
   * Soft joint limits: within `marginRad` of a clamped rotational coordinate's limit (those named, all when
   * absent) a one-sided quadratic cost of `weight` pulls it back. Keypoints that leave a direction nearly free
   * (the pelvis tilt of a model whose pelvis keypoints lie on the hip axis) otherwise push coordinates onto
   * their hard limits.
   */
  softLimits?: { marginRad: number; weight: number; coordinates?: readonly string[] };
  /**
   * Soft relations between coordinates: (coordinate - gain * other - value) held near 0 with `weight`, e.g. a
   * lumbo-pelvic rhythm where keypoints cannot tell the lumbar spine from the pelvis.
   */
  couplingTargets?: ReadonlyArray<{
    coordinate: string;
    other: string;
    gain: number;
    value: number;
    weight: number;
  }>;
  maxIterations?: number;
}

export interface IKResult {
  time: number[];
  /** Coordinate vectors (model coordinate order, radians/metres). */
  frames: Float64Array[];
  /** Per frame, root-mean-square and max marker error in metres. */
  markerRms: number[];
  markerMax: number[];
  /**
   * Per frame, per coordinate (model order): -1 when it sits at its lower limit and the markers pull it more
   * than half a degree beyond (a Gauss-Newton step of that coordinate alone), 1 at its upper limit likewise,
   * else 0. A coordinate resting on a limit that nothing pulls on (no marker sees it) is not flagged.
   */
  atLimit: Int8Array[];
}

interface Workspace {
  bodies: Transform[];
  trial: Transform[];
  markers: Float64Array;
  trialMarkers: Float64Array;
  J: Float64Array;
  r: Float64Array;
}

export function solveIK(model: Model, data: MarkerTrajectories, options: IKOptions = {}): IKResult {
  const problem = buildProblem(model, data.names, options.weights);
  const smoothing = options.smoothing ?? 0;
  const targets = Object.entries(options.coordinateTargets ?? {}).map(([name, t]): CoordinateResidual => {
    const i = problem.kin.coordIndex.get(name);
    if (i === undefined) throw new Error(`coordinate target: unknown coordinate '${name}'`);
    return { index: i, value: t.value, sqrtW: Math.sqrt(t.weight) };
  });
  targets.push(...priorTargets(model, problem, options.prior ?? smoothing / 50));
  if (options.softLimits) targets.push(...softLimitTargets(model, problem, options.softLimits));
  for (const c of options.couplingTargets ?? []) {
    const i = problem.kin.coordIndex.get(c.coordinate);
    const o = problem.kin.coordIndex.get(c.other);
    if (i === undefined || o === undefined) throw new Error(`coupling target: unknown coordinate`);
    targets.push({
      index: i,
      value: c.value,
      sqrtW: Math.sqrt(c.weight),
      relative: { other: o, gain: c.gain },
    });
  }
  for (const target of data.frames)
    if (target.length !== data.names.length * 3)
      throw new Error('Marker frame length does not match marker names');
  const ws = makeWorkspace(problem, targets.length);
  const maxIter = options.maxIterations ?? 50;
  let q = coordinateVector(model, options.initial ?? {});
  clampInto(problem, q);
  if (data.frames.length > 0 && options.initial === undefined)
    q = rootMultiStart(problem, q, data.frames[0], (qq, it) =>
      solveFrame(problem, qq, data.frames[0], targets, null, 0, it, ws),
    );
  const order = data.frames.map((_f, i) => i);
  const frames = solvePass(problem, data.frames, order, q, targets, smoothing, maxIter, ws);
  if ((options.bidirectional ?? smoothing > 0) && frames.length > 1) {
    // The backward pass starts where the forward pass ended, so it is converged from its first frame on.
    const back = solvePass(
      problem,
      data.frames,
      order.reverse(),
      frames[frames.length - 1],
      targets,
      smoothing,
      maxIter,
      ws,
    );
    frames.forEach((f, i) => {
      const b = back[frames.length - 1 - i];
      const avg = Float64Array.from(f);
      averageInto(model, problem, avg, b);
      clampInto(problem, avg);
      // Two passes can reach one orientation through different angle sets (a shoulder near its gimbal lock,
      // unclamped rotations a turn apart): their mean is then a third pose that fits nothing. Keep the mean
      // only when it fits about as well as the passes, else the pass that fits best.
      const cost = (q: Float64Array) => frameCost(problem, q, data.frames[i], targets, ws);
      const cf = cost(f);
      const cb = cost(b);
      if (cost(avg) <= Math.min(cf, cb) * 1.5 + 1e-6) f.set(avg);
      else if (cb < cf) f.set(b);
    });
  }
  // One reading of each pose (a shoulder's two angle sets, whole turns), also for a scaled model's neutral pose:
  // near a T-pose's gimbal lock the scaling's solve can spin a shoulder's axial rotation by hundreds of turns.
  normaliseTurns(model, frames);
  const out: IKResult = { time: [...data.time], frames, markerRms: [], markerMax: [], atLimit: [] };
  frames.forEach((f, i) => {
    const { rms, max } = markerErrors(problem, f, data.frames[i], ws);
    out.markerRms.push(rms);
    out.markerMax.push(max);
    out.atLimit.push(limitFlags(problem, f, data.frames[i], targets, ws));
  });
  return out;
}

/** Solves the frames in `order`, each warm-started from (and smoothed towards) the one solved before it. */
function solvePass(
  problem: IKProblem,
  data: Float64Array[],
  order: number[],
  start: Float64Array,
  targets: Targets,
  smoothing: number,
  maxIter: number,
  ws: Workspace,
): Float64Array[] {
  const out: Float64Array[] = [];
  let prev: Float64Array | null = null;
  let q = start;
  for (const i of order) {
    q = Float64Array.from(q);
    solveFrame(problem, q, data[i], targets, prev, smoothing, prev ? maxIter : maxIter * 2, ws);
    out.push(q);
    prev = q;
  }
  return out;
}

function makeWorkspace(p: IKProblem, nTargets: number): Workspace {
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

type Targets = CoordinateResidual[];

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

/** Coordinates of q within LIMIT_TOLERANCE of a limit whose cost gradient points out of the range. */
const LIMIT_TOLERANCE = (0.5 * Math.PI) / 180;
function limitFlags(
  p: IKProblem,
  q: Float64Array,
  target: Float64Array,
  targets: Targets,
  ws: Workspace,
): Int8Array {
  const flags = new Int8Array(q.length);
  const near = Array.from(p.free, (k) =>
    q[k] - p.lower[k] <= LIMIT_TOLERANCE ? -1 : p.upper[k] - q[k] <= LIMIT_TOLERANCE ? 1 : 0,
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
    if (
      (side < 0 && free < p.lower[k] - LIMIT_TOLERANCE) ||
      (side > 0 && free > p.upper[k] + LIMIT_TOLERANCE)
    )
      flags[k] = side;
  });
  return flags;
}

/** Marker and coordinate-target cost of q on one frame (no smoothing term). */
function frameCost(
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

function markerErrors(
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

export type { Workspace };
export { makeWorkspace };
