/**
 * Inverse kinematics: per frame, weighted least squares on marker positions within joint limits
 * (projected Levenberg–Marquardt, `solve-frame.ts`), warm-started from the previous frame, forward and backward
 * when smoothed, then one reading of each pose.
 */
import { coordinateVector } from '../kinematics/forward';
import type { CoordinateValues, Model } from '../model/types';
import { buildProblem, type IKProblem } from './problem';
import { rootMultiStart } from './initial-guess';
import { normaliseTurns } from './turns';
import { averageInto, priorTargets, softLimitTargets, type CoordinateResidual } from './regularisation';
import {
  clampInto,
  frameCost,
  limitFlags,
  makeWorkspace,
  markerErrors,
  solveFrame,
  type Targets,
  type Workspace,
} from './solve-frame';

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
   * than half a degree (1 mm for a translation) beyond (a Gauss-Newton step of that coordinate alone), 1 at its
   * upper limit likewise, else 0. A coordinate resting on a limit that nothing pulls on (no marker sees it) is
   * not flagged.
   */
  atLimit: Int8Array[];
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
