/**
 * Scales a generic model to the subject from the neutral trial: static window → marker-pair distances →
 * per-segment scale factors (iterated with IK so distances are measured in the subject's pose) → marker placement.
 */
import { compileModel, newTransforms } from '../kinematics/compiled';
import { bodyTransformsInto, markerPositionsInto } from '../kinematics/forward';
import { invert, applyTransform, type Vec3 } from '../math/transform';
import type { CoordinateValues, Model } from '../model/types';
import { solveIK, type CoordinateTarget, type MarkerTrajectories } from '../ik/solve-ik';
import { applyScaleFactors, type ScaleFactors } from './apply-scale';
import {
  BUILTIN_MEASUREMENTS,
  UPRIGHT_POSE_TARGETS,
  UPRIGHT_POSE_WEIGHT,
  type SegmentMeasurement,
} from './measurements';
import {
  findStaticWindow,
  markerMovementsMm,
  type StaticWindow,
  type StaticWindowOptions,
} from './static-window';

export type ScalingSetup = 'upright_standing_pose' | 'any_pose';

export interface ScaleOptions {
  setup?: ScalingSetup;
  measurements?: SegmentMeasurement[];
  /** IK marker weights (default: every shared marker, weight 1). */
  weights?: Record<string, number>;
  /**
   * Neutral-pose coordinate targets used with 'upright_standing_pose' (default: UPRIGHT_POSE_TARGETS with
   * UPRIGHT_POSE_WEIGHT, the built-in model's assumption for keypoints).
   */
  uprightTargets?: Record<string, CoordinateTarget>;
  /** Allowed range of a scale factor relative to the generic model (default 0.6–1.6). */
  limits?: [number, number];
  /** Largest allowed left/right difference of a segment's factor (default 0.2 = 20%). */
  maxAsymmetry?: number;
  placeMarkers?: boolean;
  window?: StaticWindowOptions;
}

export interface ScaleResult {
  /** The scaled model with its markers placed; its coordinates' default values are the neutral pose. */
  model: Model;
  scaleFactors: ScaleFactors;
  /** Per measurement, its factor. */
  segmentFactors: Record<string, number>;
  window: Omit<StaticWindow, 'mean'>;
  /** The static pose the markers were placed at (radians/metres), also the model's default pose. */
  pose: CoordinateValues;
  /**
   * RMS distance between the generic markers (scaled, before placement) and the static data at that pose:
   * how far the detector's points are from where the generic model expects them.
   */
  markerRmsM: number;
}

function pairDistance(pos: Float64Array, idx: Map<string, number>, a: string, b: string): number {
  const i = idx.get(a);
  const j = idx.get(b);
  if (i === undefined || j === undefined) return NaN;
  return Math.hypot(
    pos[3 * i] - pos[3 * j],
    pos[3 * i + 1] - pos[3 * j + 1],
    pos[3 * i + 2] - pos[3 * j + 2],
  );
}

/**
 * The still window, judged on the markers the fit uses (weight > 0 when weights are given): data carrying
 * markers the scaling ignores (the video keypoints beside the augmenter's markers, whose nose moves with a
 * glance) must not make a still subject look moving. The mean covers every marker, for marker placement.
 */
function staticWindowOfFittedMarkers(neutral: MarkerTrajectories, options: ScaleOptions): StaticWindow {
  const w = options.weights;
  const used = neutral.names.flatMap((n, i) => (!w || (w[n] ?? 0) > 0 ? [i] : []));
  if (!w || used.length === neutral.names.length || used.length === 0)
    return findStaticWindow(neutral, options.window);
  const subset: MarkerTrajectories = {
    names: used.map((i) => neutral.names[i]),
    time: neutral.time,
    frames: neutral.frames.map((f) =>
      Float64Array.from(used.flatMap((i) => [f[3 * i], f[3 * i + 1], f[3 * i + 2]])),
    ),
  };
  const win = findStaticWindow(subset, options.window);
  const mean = new Float64Array(neutral.names.length * 3);
  markerMovementsMm(neutral, win.start, win.end, mean);
  return { ...win, mean };
}

export function scaleModel(
  generic: Model,
  neutral: MarkerTrajectories,
  options: ScaleOptions = {},
): ScaleResult {
  const measurements = options.measurements ?? BUILTIN_MEASUREMENTS;
  const win = staticWindowOfFittedMarkers(neutral, options);
  const staticData: MarkerTrajectories = { names: neutral.names, time: [0], frames: [win.mean] };
  const dataIdx = new Map(neutral.names.map((n, i) => [n, i]));
  const targets: Record<string, CoordinateTarget> = {};
  if ((options.setup ?? 'upright_standing_pose') === 'upright_standing_pose') {
    const upright =
      options.uprightTargets ??
      Object.fromEntries(
        Object.entries(UPRIGHT_POSE_TARGETS).map(([n, value]) => [n, { value, weight: UPRIGHT_POSE_WEIGHT }]),
      );
    for (const [name, t] of Object.entries(upright)) {
      if (generic.coordinates.some((c) => c.name === name)) targets[name] = t;
    }
  }
  const segmentFactors: Record<string, number> = Object.fromEntries(measurements.map((m) => [m.name, 1]));
  const toBodyFactors = (): ScaleFactors => {
    const f: ScaleFactors = {};
    for (const m of measurements) {
      for (const b of m.bodies) {
        if (!generic.bodies.some((x) => x.name === b)) continue;
        const s = (f[b] ??= [1, 1, 1]);
        for (const axis of m.bodyAxes?.[b] ?? ['X', 'Y', 'Z'])
          s['XYZ'.indexOf(axis)] = segmentFactors[m.name];
      }
    }
    return f;
  };
  let model = generic;
  let q: Float64Array = new Float64Array(0);
  for (let iter = 0; iter < 6; iter++) {
    const ik = solveIK(model, staticData, {
      weights: options.weights,
      coordinateTargets: targets,
      maxIterations: 100,
    });
    q = ik.frames[0];
    const kin = compileModel(model);
    const pos = markerPositionsInto(
      kin,
      bodyTransformsInto(kin, q, newTransforms(kin.bodyNames.length)),
      new Float64Array(kin.markerNames.length * 3),
    );
    const modelIdx = new Map(kin.markerNames.map((n, i) => [n, i]));
    let change = 0;
    for (const m of measurements) {
      const ratios = m.markerPairs
        .map(([a, b]) => pairDistance(win.mean, dataIdx, a, b) / pairDistance(pos, modelIdx, a, b))
        .filter((r) => Number.isFinite(r) && r > 0);
      if (ratios.length === 0) continue;
      const ratio = ratios.reduce((s, r) => s + r, 0) / ratios.length;
      if (m.checks) {
        segmentFactors[m.name] = (segmentFactors[m.checks] ?? 1) * ratio;
        continue;
      }
      segmentFactors[m.name] *= ratio;
      change = Math.max(change, Math.abs(ratio - 1));
    }
    for (const m of measurements) {
      const from = (m.meanOf ?? []).map((n) => segmentFactors[n]).filter((f) => Number.isFinite(f));
      if (from.length === 0) continue;
      const f = from.reduce((a, b) => a + b, 0) / from.length;
      change = Math.max(change, Math.abs(f / segmentFactors[m.name] - 1));
      segmentFactors[m.name] = f;
    }
    model = applyScaleFactors(generic, toBodyFactors());
    if (change < 1e-5) break;
  }
  checkPlausible(segmentFactors, options.limits ?? [0.6, 1.6], options.maxAsymmetry ?? 0.2);
  const final = solveIK(model, staticData, {
    weights: options.weights,
    coordinateTargets: targets,
    maxIterations: 100,
  });
  q = final.frames[0];
  if (options.placeMarkers ?? true) model = placeMarkers(model, q, win.mean, dataIdx);
  const kin = compileModel(model);
  model = withDefaultPose(model, q);
  return {
    model,
    scaleFactors: toBodyFactors(),
    segmentFactors,
    window: { start: win.start, end: win.end, thresholdMm: win.thresholdMm },
    pose: Object.fromEntries(kin.coordNames.map((n, i) => [n, q[i]])),
    markerRmsM: final.markerRms[0],
  };
}

/** A neutral trial the model cannot be scaled on; `segments` names the measurements concerned. */
export class ScalingError extends Error {
  constructor(
    message: string,
    readonly segments: string[],
  ) {
    super(message);
    this.name = 'ScalingError';
  }
}

function checkPlausible(factors: Record<string, number>, [lo, hi]: [number, number], maxAsym: number): void {
  for (const [name, f] of Object.entries(factors)) {
    if (!(f >= lo && f <= hi)) {
      throw new ScalingError(
        `Implausible scale factor ${f.toFixed(2)} for ${name} (allowed ${lo}–${hi} of the generic model). Check that the subject is fully visible and standing still in the neutral trial, and that the calibration is correct.`,
        [name],
      );
    }
  }
  for (const [name, f] of Object.entries(factors)) {
    if (!name.endsWith('_r')) continue;
    const left = name.slice(0, -2) + '_l';
    const other = factors[left];
    if (other !== undefined && Math.abs(f - other) / Math.min(f, other) > maxAsym) {
      throw new ScalingError(
        `Implausible left/right difference for ${name.slice(0, -2)}: ${f.toFixed(2)} vs ${other.toFixed(2)}. Check the neutral trial (both sides visible, no keypoint swaps).`,
        [name, left],
      );
    }
  }
}

/**
 * The model with its coordinates' default values set to the pose q (clamped into their ranges), as OpenSim's
 * marker placer leaves a scaled model in the static pose. Later steps read the neutral pose from the model:
 * IK's prior pulls weakly observed coordinates towards it, and the distances between keypoint markers at it
 * are the subject's neutral segment lengths.
 */
export function withDefaultPose(model: Model, q: Float64Array): Model {
  return {
    ...model,
    coordinates: model.coordinates.map((c, i) => {
      const v = c.clamped ? Math.min(c.range[1], Math.max(c.range[0], q[i])) : q[i];
      return Number.isFinite(v) && !c.locked ? { ...c, defaultValue: v } : c;
    }),
  };
}

/** Moves each model marker onto the static experimental position (in its body frame), as OpenSim's MarkerPlacer. */
function placeMarkers(
  model: Model,
  q: Float64Array,
  mean: Float64Array,
  dataIdx: Map<string, number>,
): Model {
  const kin = compileModel(model);
  const bodies = bodyTransformsInto(kin, q, newTransforms(kin.bodyNames.length));
  const local = new Float64Array(3);
  return {
    ...model,
    markers: model.markers.map((m, i) => {
      const di = dataIdx.get(m.name);
      if (m.fixed || di === undefined || Number.isNaN(mean[3 * di])) return m;
      applyTransform(invert(bodies[kin.markerBody[i]]), mean.subarray(3 * di, 3 * di + 3), local);
      return { ...m, location: [local[0], local[1], local[2]] as Vec3 };
    }),
  };
}
