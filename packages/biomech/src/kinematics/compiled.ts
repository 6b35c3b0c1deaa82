/** Index-based form of a Model for fast repeated forward kinematics (built once per model, cached). */
import { evalFunction, type OsimFunction } from '../model/functions';
import {
  axisAngleInto,
  identityTransform,
  invert,
  mat3MulInto,
  rotationFromBodyFixedXYZ,
  transformFrom,
  type Transform,
} from '../math/transform';
import { GROUND, type Model, type OffsetFrame } from '../model/types';

export interface CompiledAxis {
  rotation: boolean;
  axis: Float64Array;
  /** Index into the coordinate vector, or -1 when the function takes no coordinate. */
  coord: number;
  fn: OsimFunction;
}

export interface CompiledJoint {
  name: string;
  parent: number;
  child: number;
  /** Parent body → joint parent frame. */
  parentOffset: Transform;
  /** Joint child frame → child body (inverse of the child offset). */
  childOffsetInv: Transform;
  axes: CompiledAxis[];
  coords: number[];
}

export interface CompiledCoupler {
  independent: number;
  dependent: number;
  fn: OsimFunction;
  scale: number;
}

export interface Kinematics {
  model: Model;
  /** Body names; index 0 is ground. */
  bodyNames: string[];
  bodyIndex: Map<string, number>;
  coordNames: string[];
  coordIndex: Map<string, number>;
  joints: CompiledJoint[];
  /** For each body index, the joint whose child it is (-1 for ground). */
  jointOfBody: Int32Array;
  couplers: CompiledCoupler[];
  markerNames: string[];
  markerBody: Int32Array;
  markerLocal: Float64Array;
}

const cache = new WeakMap<Model, Kinematics>();

function offsetTransform(f: OffsetFrame): Transform {
  return transformFrom(
    rotationFromBodyFixedXYZ(f.orientation[0], f.orientation[1], f.orientation[2]),
    f.translation,
  );
}

export function compileModel(model: Model): Kinematics {
  const hit = cache.get(model);
  if (hit) return hit;
  const bodyNames = [GROUND, ...model.bodies.map((b) => b.name)];
  const bodyIndex = new Map(bodyNames.map((n, i) => [n, i]));
  const coordNames = model.coordinates.map((c) => c.name);
  const coordIndex = new Map(coordNames.map((n, i) => [n, i]));
  const idx = (m: Map<string, number>, n: string, what: string): number => {
    const i = m.get(n);
    if (i === undefined) throw new Error(`Unknown ${what} '${n}'`);
    return i;
  };
  const jointOfBody = new Int32Array(bodyNames.length).fill(-1);
  const joints = model.joints.map((j, ji): CompiledJoint => {
    const child = idx(bodyIndex, j.childBody, 'body');
    jointOfBody[child] = ji;
    return {
      name: j.name,
      parent: idx(bodyIndex, j.parentBody, 'body'),
      child,
      parentOffset: offsetTransform(j.parentFrame),
      childOffsetInv: invert(offsetTransform(j.childFrame)),
      axes: j.axes.map((a) => ({
        rotation: a.kind === 'rotation',
        axis: Float64Array.from(a.axis),
        coord: a.coordinates.length > 0 ? idx(coordIndex, a.coordinates[0], 'coordinate') : -1,
        fn: a.fn,
      })),
      coords: j.coordinates.map((c) => idx(coordIndex, c, 'coordinate')),
    };
  });
  const couplers = model.couplers.map((c) => ({
    independent: idx(coordIndex, c.independent[0], 'coordinate'),
    dependent: idx(coordIndex, c.dependent, 'coordinate'),
    fn: c.fn,
    scale: c.scaleFactor,
  }));
  const markerLocal = new Float64Array(model.markers.length * 3);
  model.markers.forEach((m, i) => markerLocal.set(m.location, 3 * i));
  const kin: Kinematics = {
    model,
    bodyNames,
    bodyIndex,
    coordNames,
    coordIndex,
    joints,
    jointOfBody,
    couplers,
    markerNames: model.markers.map((m) => m.name),
    markerBody: Int32Array.from(model.markers.map((m) => idx(bodyIndex, m.body, 'body'))),
    markerLocal,
  };
  cache.set(model, kin);
  return kin;
}

/** Sets every coupled (dependent) coordinate from its independent coordinate, as OpenSim's couplers do. */
export function applyCouplers(kin: Kinematics, q: Float64Array): void {
  for (const c of kin.couplers) q[c.dependent] = c.scale * evalFunction(c.fn, q[c.independent]);
}

const tmpR = new Float64Array(9);
const tmpR2 = new Float64Array(9);

/** The joint's mobilizer transform X_FM(q): rotations composed body-fixed in order, translations along F axes. */
export function jointTransformInto(j: CompiledJoint, q: Float64Array, out: Transform): Transform {
  const R = out.R;
  R.fill(0);
  R[0] = R[4] = R[8] = 1;
  out.p.fill(0);
  for (const a of j.axes) {
    const v = evalFunction(a.fn, a.coord >= 0 ? q[a.coord] : 0);
    if (a.rotation) {
      if (v === 0) continue;
      axisAngleInto(a.axis, v, tmpR);
      mat3MulInto(R, tmpR, tmpR2);
      R.set(tmpR2);
    } else {
      out.p[0] += v * a.axis[0];
      out.p[1] += v * a.axis[1];
      out.p[2] += v * a.axis[2];
    }
  }
  return out;
}

export function newTransforms(n: number): Transform[] {
  return Array.from({ length: n }, () => identityTransform());
}
