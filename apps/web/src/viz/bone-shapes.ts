import { BoxGeometry, BufferGeometry, CapsuleGeometry, Quaternion, SphereGeometry, Vector3 } from 'three';
import { originInBodyFrame } from './pose';
import type { BodyTransforms } from './transforms';

/**
 * Primitives for generated bone meshes. Points are in the body's unscaled frame: points taken from the data are
 * divided by the body's scale factors because the mesh is then scaled by them, as an OpenSim geometry file
 * would be.
 */

/**
 * Tessellation: 'low' is for software WebGL, where the viewer's cost with several trials is the number of
 * triangles (about 3,600 per skeleton at 'high', 1,600 at 'low'), not draw calls or pixels.
 */
export type GeometryDetail = 'high' | 'low';

const SEGMENTS: Record<GeometryDetail, { capsule: [number, number]; sphere: [number, number] }> = {
  high: { capsule: [2, 8], sphere: [10, 8] },
  low: { capsule: [1, 5], sphere: [6, 4] },
};

/** The next body down a limb, by body kind (OpenSim gait and full-body model naming, and the built-in model). */
export const LIMB_CHILD: Record<string, string> = {
  femur: 'tibia',
  tibia: 'talus',
  talus: 'calcn',
  calcn: 'toes',
  humerus: 'ulna',
  ulna: 'hand',
  radius: 'hand',
};

/** Fallback bone vectors (unscaled model, metres) when the next body is missing. */
export const DEFAULT_LIMB_END: Record<string, [number, number, number]> = {
  femur: [0, -0.4, 0],
  tibia: [0, -0.43, 0],
  talus: [-0.05, -0.04, 0],
  calcn: [0.18, 0, 0],
  humerus: [0, -0.29, 0],
  ulna: [0, -0.24, 0],
  radius: [0, -0.24, 0],
};

export interface ShapeContext {
  bodies: Record<string, BodyTransforms>;
  bodyName: string;
  body: BodyTransforms;
  detail: GeometryDetail;
}

export function sideOf(name: string): 'r' | 'l' | null {
  if (/(^r_)|(_r$)|(_rv?s?$)/.test(name)) return 'r';
  if (/(^l_)|(_l$)|(_lv?s?$)/.test(name)) return 'l';
  return null;
}

/** Body name without side: 'femur_r' → 'femur'. */
export function bodyKind(bodyName: string): string {
  return bodyName.replace(/_[rl]$/, '');
}

/** The body of kind `kind` on this body's side ('tibia' from femur_l → tibia_l), or a name given with its side. */
export function relatedBody(ctx: ShapeContext, kind: string): BodyTransforms | undefined {
  const side = sideOf(ctx.bodyName);
  return ctx.bodies[side && !sideOf(kind) ? `${kind}_${side}` : kind] ?? ctx.bodies[kind];
}

/** Another body's origin (a joint centre) in this body's unscaled frame, or the fallback (unscaled, metres). */
export function jointPoint(
  ctx: ShapeContext,
  otherKind: string,
  fallback: [number, number, number],
): Vector3 {
  const other = relatedBody(ctx, otherKind);
  const s = ctx.body.scaleFactors;
  const v = other ? originInBodyFrame(ctx.body, other) : new Vector3(...fallback).multiply(new Vector3(...s));
  return v.divide(new Vector3(s[0], s[1], s[2]));
}

/** Whether a body of that kind exists on this body's side. */
export function hasBody(ctx: ShapeContext, kind: string): boolean {
  return relatedBody(ctx, kind) !== undefined;
}

/** A capsule ('bone shaft') between two points. */
export function shaft(from: Vector3, to: Vector3, radius: number, detail: GeometryDetail): BufferGeometry {
  const dir = to.clone().sub(from);
  const length = Math.max(dir.length() - 2 * radius, 0.001);
  const [capSegments, radialSegments] = SEGMENTS[detail].capsule;
  const g = new CapsuleGeometry(radius, length, capSegments, radialSegments, 1);
  if (dir.lengthSq() > 0)
    g.applyQuaternion(new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), dir.clone().normalize()));
  const mid = from.clone().add(to).multiplyScalar(0.5);
  g.translate(mid.x, mid.y, mid.z);
  return g;
}

export function ball(at: Vector3, radii: [number, number, number], detail: GeometryDetail): BufferGeometry {
  const g = new SphereGeometry(1, ...SEGMENTS[detail].sphere);
  g.scale(...radii);
  g.translate(at.x, at.y, at.z);
  return g;
}

export function block(at: Vector3, size: [number, number, number], along?: Vector3): BufferGeometry {
  const g = new BoxGeometry(...size);
  if (along && along.lengthSq() > 0) {
    g.applyQuaternion(new Quaternion().setFromUnitVectors(new Vector3(1, 0, 0), along.clone().normalize()));
  }
  g.translate(at.x, at.y, at.z);
  return g;
}

export const v = (x: number, y: number, z: number) => new Vector3(x, y, z);
