/** Forward kinematics: body transforms in ground and marker positions for given coordinate values. */
import { applyTransform, composeInto, identityTransform, type Transform, type Vec3 } from '../math/transform';
import type { CoordinateValues, Model } from '../model/types';
import { applyCouplers, compileModel, jointTransformInto, newTransforms, type Kinematics } from './compiled';

const tmpA = identityTransform();
const tmpB = identityTransform();
const tmpJ = identityTransform();

/** Body transforms (child → ground) for the coordinate vector q (ordered as kin.coordNames). */
export function bodyTransformsInto(kin: Kinematics, q: Float64Array, out: Transform[]): Transform[] {
  const g = out[0];
  g.R.fill(0);
  g.R[0] = g.R[4] = g.R[8] = 1;
  g.p.fill(0);
  for (const j of kin.joints) {
    jointTransformInto(j, q, tmpJ);
    composeInto(out[j.parent], j.parentOffset, tmpA);
    composeInto(tmpA, tmpJ, tmpB);
    composeInto(tmpB, j.childOffsetInv, out[j.child]);
  }
  return out;
}

/** Marker positions in ground, flat [x0,y0,z0,x1,…] in kin.markerNames order. */
export function markerPositionsInto(kin: Kinematics, bodies: Transform[], out: Float64Array): Float64Array {
  const loc = kin.markerLocal;
  for (let i = 0; i < kin.markerNames.length; i++) {
    const t = bodies[kin.markerBody[i]];
    const x = loc[3 * i];
    const y = loc[3 * i + 1];
    const z = loc[3 * i + 2];
    const R = t.R;
    out[3 * i] = R[0] * x + R[1] * y + R[2] * z + t.p[0];
    out[3 * i + 1] = R[3] * x + R[4] * y + R[5] * z + t.p[1];
    out[3 * i + 2] = R[6] * x + R[7] * y + R[8] * z + t.p[2];
  }
  return out;
}

/**
 * Coordinate vector from named values: missing coordinates take their default value; values are in
 * radians/metres; coupled coordinates are recomputed from their couplers unless `enforceCouplers` is false.
 */
export function coordinateVector(
  model: Model,
  coords: CoordinateValues,
  enforceCouplers = true,
): Float64Array {
  const kin = compileModel(model);
  const q = new Float64Array(kin.coordNames.length);
  model.coordinates.forEach((c, i) => {
    const v = coords[c.name];
    q[i] = v === undefined ? c.defaultValue : v;
    if (!Number.isFinite(q[i])) throw new Error(`Coordinate ${c.name} is not a finite number`);
  });
  if (enforceCouplers) applyCouplers(kin, q);
  return q;
}

export interface BodyPose {
  /** Rotation matrix (row-major 3x3), body → ground. */
  R: number[];
  /** Origin of the body in ground, metres. */
  p: Vec3;
}

/** Each body's transform in ground (ground included) for named coordinate values. */
export function forwardKinematics(
  model: Model,
  coords: CoordinateValues,
  enforceCouplers = true,
): Record<string, BodyPose> {
  const kin = compileModel(model);
  const q = coordinateVector(model, coords, enforceCouplers);
  const ts = bodyTransformsInto(kin, q, newTransforms(kin.bodyNames.length));
  const out: Record<string, BodyPose> = {};
  kin.bodyNames.forEach((n, i) => {
    out[n] = { R: Array.from(ts[i].R), p: [ts[i].p[0], ts[i].p[1], ts[i].p[2]] };
  });
  return out;
}

/** Marker positions in ground (metres) for named coordinate values. */
export function markerPositions(
  model: Model,
  coords: CoordinateValues,
  enforceCouplers = true,
): Record<string, Vec3> {
  const kin = compileModel(model);
  const q = coordinateVector(model, coords, enforceCouplers);
  const ts = bodyTransformsInto(kin, q, newTransforms(kin.bodyNames.length));
  const out: Record<string, Vec3> = {};
  const tmp = new Float64Array(3);
  kin.markerNames.forEach((n, i) => {
    applyTransform(ts[kin.markerBody[i]], kin.markerLocal.subarray(3 * i, 3 * i + 3), tmp);
    out[n] = [tmp[0], tmp[1], tmp[2]];
  });
  return out;
}
