import { BoxGeometry, BufferGeometry, CapsuleGeometry, Quaternion, SphereGeometry, Vector3 } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { originInBodyFrame } from './pose';
import type { BodyTransforms } from './transforms';

/**
 * Bone meshes generated from the motion itself, so no model files are needed: each body's bone runs from its
 * joint to the next joint down the chain (the child's origin in this body's frame at the first frame). Points
 * taken from the data are divided by the body's scale factors because the mesh is then scaled by them, as an
 * OpenSim geometry file would be.
 */

/** The joint a bone reaches towards, by body name (OpenSim gait and full-body model naming). */
const BONE_END: Record<string, string> = {
  femur: 'tibia',
  tibia: 'talus',
  talus: 'calcn',
  calcn: 'toes',
  humerus: 'ulna',
  ulna: 'hand',
  radius: 'hand',
};

/** Fallback bone vectors (unscaled model, metres) when the next body is missing. */
const DEFAULT_END: Record<string, [number, number, number]> = {
  femur: [0, -0.4, 0],
  tibia: [0, -0.43, 0],
  talus: [-0.05, -0.04, 0],
  calcn: [0.18, 0, 0],
  humerus: [0, -0.29, 0],
  ulna: [0, -0.24, 0],
  radius: [0, -0.24, 0],
};

function sideOf(name: string): 'r' | 'l' | null {
  if (/(^r_)|(_r$)|(_rv?s?$)/.test(name)) return 'r';
  if (/(^l_)|(_l$)|(_lv?s?$)/.test(name)) return 'l';
  return null;
}

/** Body name without side: 'femur_r' → 'femur'. */
export function bodyKind(bodyName: string): string {
  return bodyName.replace(/_[rl]$/, '');
}

/**
 * Tessellation: 'low' is for software WebGL, where the viewer's cost with several trials is the number of
 * triangles (about 3,600 per skeleton at 'high', 1,600 at 'low'), not draw calls or pixels.
 */
export type GeometryDetail = 'high' | 'low';

const SEGMENTS: Record<GeometryDetail, { capsule: [number, number]; sphere: [number, number] }> = {
  high: { capsule: [2, 8], sphere: [10, 8] },
  low: { capsule: [1, 5], sphere: [6, 4] },
};

interface Ctx {
  bodies: Record<string, BodyTransforms>;
  bodyName: string;
  body: BodyTransforms;
  detail: GeometryDetail;
}

/** A point of another body's origin in this body's unscaled frame, or the fallback. */
function jointPoint(ctx: Ctx, otherKind: string, fallback: [number, number, number]): Vector3 {
  const side = sideOf(ctx.bodyName);
  const other = ctx.bodies[side ? `${otherKind}_${side}` : otherKind];
  const s = ctx.body.scaleFactors;
  const v = other ? originInBodyFrame(ctx.body, other) : new Vector3(...fallback).multiply(new Vector3(...s));
  return v.divide(new Vector3(s[0], s[1], s[2]));
}

/** A capsule ('bone shaft') between two points. */
function shaft(from: Vector3, to: Vector3, radius: number, detail: GeometryDetail): BufferGeometry {
  const dir = to.clone().sub(from);
  const length = Math.max(dir.length() - 2 * radius, 0.001);
  const [capSegments, radialSegments] = SEGMENTS[detail].capsule;
  const g = new CapsuleGeometry(radius, length, capSegments, radialSegments, 1);
  g.applyQuaternion(new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), dir.clone().normalize()));
  const mid = from.clone().add(to).multiplyScalar(0.5);
  g.translate(mid.x, mid.y, mid.z);
  return g;
}

function ball(at: Vector3, radii: [number, number, number], detail: GeometryDetail): BufferGeometry {
  const g = new SphereGeometry(1, ...SEGMENTS[detail].sphere);
  g.scale(...radii);
  g.translate(at.x, at.y, at.z);
  return g;
}

function block(at: Vector3, size: [number, number, number], along?: Vector3): BufferGeometry {
  const g = new BoxGeometry(...size);
  if (along && along.lengthSq() > 0) {
    g.applyQuaternion(new Quaternion().setFromUnitVectors(new Vector3(1, 0, 0), along.clone().normalize()));
  }
  g.translate(at.x, at.y, at.z);
  return g;
}

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

/** Generated geometry for one OpenSim geometry file name, or null when another file of the body draws it. */
export function generateGeometry(fileName: string, ctx: Ctx): BufferGeometry | null {
  const name = fileName.replace(/\.(vtp|obj|stl)$/i, '').toLowerCase();
  const side = sideOf(ctx.bodyName) ?? sideOf(name);
  const lateral = side === 'l' ? -1 : 1; // OpenSim z points to the subject's right.
  const kind = bodyKind(ctx.bodyName);
  const end = BONE_END[kind] ? jointPoint(ctx, BONE_END[kind], DEFAULT_END[kind]) : null;
  const o = v(0, 0, 0);
  const d = ctx.detail;

  if (/pelvis$/.test(name)) {
    const hip = jointPoint(ctx, 'femur_r', [-0.056, -0.078, 0.077]);
    const sign = name.startsWith('l_') ? -1 : 1;
    const hipSide = v(hip.x, hip.y, Math.abs(hip.z) * sign);
    return mergeGeometries([
      ball(v(hipSide.x + 0.01, hipSide.y + 0.07, hipSide.z * 0.85), [0.05, 0.065, 0.022], d),
      shaft(hipSide, v(hipSide.x + 0.04, hipSide.y - 0.02, hipSide.z * 0.2), 0.012, d),
    ]);
  }
  if (name === 'sacrum') return block(v(-0.1, 0.02, 0), [0.035, 0.1, 0.07]);
  if (name.startsWith('femur') && end) {
    return mergeGeometries([
      shaft(o, end, 0.022, d),
      ball(o, [0.026, 0.026, 0.026], d),
      ball(end.clone().multiplyScalar(0.96), [0.032, 0.025, 0.045], d),
    ]);
  }
  if (name.startsWith('tibia') && end) {
    return mergeGeometries([shaft(o, end, 0.019, d), ball(v(0, -0.02, 0), [0.035, 0.018, 0.045], d)]);
  }
  if (/fibula$/.test(name) && end) {
    return shaft(v(-0.01, -0.05, 0.035 * lateral), v(end.x - 0.005, end.y, end.z + 0.03 * lateral), 0.008, d);
  }
  if (/patella$/.test(name)) return ball(o, [0.012, 0.024, 0.022], d);
  if (/talus$/.test(name)) return ball(o, [0.03, 0.022, 0.025], d);
  if (/(^|_)foot$/.test(name) && end) {
    const mid = end.clone().multiplyScalar(0.5);
    return block(v(mid.x, mid.y + 0.015, mid.z), [end.length() + 0.04, 0.045, 0.08], end);
  }
  if (/bofoot$/.test(name)) return block(v(0.03, 0.008, 0), [0.06, 0.025, 0.085]);
  if (name === 'hat_spine') {
    const neck = jointPoint(ctx, 'humerus_r', [0, 0.4, 0.17]);
    return shaft(v(-0.1, 0.05, 0), v(-0.03, neck.y + 0.07, 0), 0.018, d);
  }
  if (name === 'hat_ribs_scap') {
    const shoulder = jointPoint(ctx, 'humerus_r', [-0.01, 0.41, 0.17]);
    return ball(v(-0.03, shoulder.y * 0.72, 0), [0.095, 0.16, 0.135], d);
  }
  if (name === 'hat_skull') {
    const shoulder = jointPoint(ctx, 'humerus_r', [-0.01, 0.41, 0.17]);
    return ball(v(0.01, shoulder.y + 0.2, 0), [0.095, 0.115, 0.085], d);
  }
  if (name === 'hat_jaw') {
    const shoulder = jointPoint(ctx, 'humerus_r', [-0.01, 0.41, 0.17]);
    return block(v(0.06, shoulder.y + 0.12, 0), [0.05, 0.03, 0.07]);
  }
  if (name.startsWith('humerus') && end)
    return mergeGeometries([shaft(o, end, 0.02, d), ball(o, [0.025, 0.025, 0.025], d)]);
  if (name.startsWith('ulna') && end) return shaft(v(-0.01, 0.01, 0), end, 0.012, d);
  if (name.startsWith('radius') && end)
    return shaft(v(0.008, -0.01, 0.01 * lateral), v(end.x + 0.008, end.y, end.z + 0.01 * lateral), 0.011, d);
  // Hand: the capitate draws a palm and fingers for the whole hand; the other carpal and finger bones are
  // covered by it (a few shapes per body keeps eight skeletons cheap to draw).
  if (name.startsWith('capitate')) {
    return mergeGeometries([
      block(v(0, -0.045, 0), [0.025, 0.08, 0.07]),
      block(v(0, -0.12, 0), [0.018, 0.07, 0.06]),
    ]);
  }
  return null;
}

/** All generated shapes of one body merged into one geometry (one draw call per body), or null. */
export function generateBodyGeometry(
  bodies: Record<string, BodyTransforms>,
  bodyName: string,
  detail: GeometryDetail = 'high',
): BufferGeometry | null {
  const body = bodies[bodyName];
  const ctx = { bodies, bodyName, body, detail };
  const parts = body.attachedGeometries
    .map((f) => generateGeometry(f, ctx))
    .filter((g): g is BufferGeometry => g !== null);
  if (parts.length === 0) return null;
  const merged = parts.length === 1 ? parts[0] : mergeGeometries(parts);
  if (!merged) throw new Error(`Could not merge the generated geometry of body ${bodyName}`);
  return merged;
}
