/** Precomputed structure of an IK problem: which coordinates are solved and how their Jacobian columns are built. */
import { compileModel, type CompiledJoint, type Kinematics } from '../kinematics/compiled';
import type { Model } from '../model/types';

export interface JacobianPlan {
  coord: number;
  /** 'local': only one joint moves, so columns come from that joint's delta transform; 'full': full FK. */
  joint: CompiledJoint | null;
  /** Coupled coordinates recomputed when this one is perturbed. */
  dependents: { index: number; coupler: number }[];
  /** Model marker indices that move with this coordinate. */
  markers: Int32Array;
}

/** A rotational coordinate within half a degree of a limit sits on it (IKResult.atLimit). */
export const LIMIT_TOLERANCE_RAD = (0.5 * Math.PI) / 180;
/**
 * A translational coordinate within 1 mm of a limit sits on it: half a degree moves a point 10 cm from the joint
 * by 0.9 mm. The half degree used to apply to metres too (8.7 mm): on LaiUhlrich2022_shoulder's scapula, whose
 * translations range over 1-9 cm (sh_tz_r: 1 cm), a translation held 5 mm inside its range by IK's smoothing
 * was reported at its limit (demo: 'sh_ty_l at limit 24 %').
 */
export const LIMIT_TOLERANCE_M = 0.001;

export interface IKProblem {
  kin: Kinematics;
  /** Solved coordinate indices (not locked, not coupled-dependent). */
  free: Int32Array;
  plans: JacobianPlan[];
  lower: Float64Array;
  upper: Float64Array;
  /** Per coordinate, how close to a limit counts as on it (radians or metres, by the coordinate's motion type). */
  limitTolerance: Float64Array;
  /** Model marker index → index in the target name list (-1 when the target lacks it). */
  targetOfMarker: Int32Array;
  /** Model marker indices that take part (matched and weighted). */
  used: Int32Array;
  sqrtWeight: Float64Array; // per model marker
}

function subtreeBodies(kin: Kinematics, root: number): Set<number> {
  const set = new Set([root]);
  for (const j of kin.joints) if (set.has(j.parent)) set.add(j.child); // joints are in tree order
  return set;
}

export function buildProblem(
  model: Model,
  targetNames: string[],
  weights: Record<string, number> | undefined,
): IKProblem {
  const kin = compileModel(model);
  const dependentOf = new Map<number, number>();
  kin.couplers.forEach((c, i) => dependentOf.set(c.dependent, i));
  const free: number[] = [];
  model.coordinates.forEach((c, i) => {
    if (!c.locked && !dependentOf.has(i)) free.push(i);
  });
  const targetIndex = new Map(targetNames.map((n, i) => [n, i]));
  const targetOfMarker = Int32Array.from(kin.markerNames, (n) => targetIndex.get(n) ?? -1);
  const sqrtWeight = Float64Array.from(kin.markerNames, (n) =>
    Math.sqrt(Math.max(0, weights?.[n] ?? (weights ? 0 : 1))),
  );
  const used = Int32Array.from(
    kin.markerNames.map((_n, i) => i).filter((i) => targetOfMarker[i] >= 0 && sqrtWeight[i] > 0),
  );
  if (used.length < 3) {
    throw new Error(
      `IK needs at least 3 weighted markers shared by the model and the data; found ${used.length} (model markers: ${kin.markerNames.slice(0, 8).join(', ')}…)`,
    );
  }
  const plans = free.map((k): JacobianPlan => {
    const dependents = kin.couplers
      .map((c, ci) => ({ index: c.dependent, coupler: ci, ind: c.independent }))
      .filter((d) => d.ind === k);
    const moved = new Set([k, ...dependents.map((d) => d.index)]);
    const joints = kin.joints.filter((j) => j.axes.some((a) => a.coord >= 0 && moved.has(a.coord)));
    const bodies = new Set<number>();
    for (const j of joints) for (const b of subtreeBodies(kin, j.child)) bodies.add(b);
    const markers = Int32Array.from(
      kin.markerNames.map((_n, i) => i).filter((i) => bodies.has(kin.markerBody[i])),
    );
    return {
      coord: k,
      joint: joints.length === 1 ? joints[0] : null,
      dependents: dependents.map((d) => ({ index: d.index, coupler: d.coupler })),
      markers,
    };
  });
  const lower = Float64Array.from(model.coordinates, (c) => (c.clamped ? c.range[0] : -Infinity));
  const upper = Float64Array.from(model.coordinates, (c) => (c.clamped ? c.range[1] : Infinity));
  const limitTolerance = Float64Array.from(model.coordinates, (c) =>
    c.motionType === 'translational' ? LIMIT_TOLERANCE_M : LIMIT_TOLERANCE_RAD,
  );
  return {
    kin,
    free: Int32Array.from(free),
    plans,
    lower,
    upper,
    limitTolerance,
    targetOfMarker,
    used,
    sqrtWeight,
  };
}
