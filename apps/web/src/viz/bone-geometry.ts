import type { BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { GeometryDetail, ShapeContext } from './bone-shapes';
import { openSimFileGeometry } from './opensim-geometry';
import { segmentGeometry } from './segment-geometry';
import type { BodyTransforms } from './transforms';

/**
 * Bone meshes generated from the motion itself, so no model files are needed. A body is drawn from its OpenSim
 * geometry files where it names known ones (detailed shapes: pelvis halves, fibula, skull …), and otherwise by its
 * segment (femur, torso, hand …) from its joint to its children's joints, so that every body of every model we
 * produce is drawn: the built-in model names its meshes poselab_femur_r and so on, and a model with unknown
 * body names still gets a joint ball per body.
 */

export { bodyKind, type GeometryDetail } from './bone-shapes';

/** How a body's geometry was chosen: from its files, by its segment, or none (a hidden helper body). */
export type GeometrySource = 'files' | 'segment' | 'none';

/**
 * Helper bodies that OpenSim models keep hidden: LaiUhlrich2022_shoulder's scapula phantoms carry an invisible
 * 'block.vtp' for the shoulder's kinematic chain.
 */
const HIDDEN_BODY = /phantom/i;

/** All generated shapes of one body merged into one geometry (one draw call per body), or null if hidden. */
export function generateBodyGeometry(
  bodies: Record<string, BodyTransforms>,
  bodyName: string,
  detail: GeometryDetail = 'high',
): BufferGeometry | null {
  return generateBodyGeometryWithSource(bodies, bodyName, detail).geometry;
}

export function generateBodyGeometryWithSource(
  bodies: Record<string, BodyTransforms>,
  bodyName: string,
  detail: GeometryDetail = 'high',
): { geometry: BufferGeometry | null; source: GeometrySource } {
  const body = bodies[bodyName];
  if (!body) throw new Error(`No body named ${bodyName}`);
  if (HIDDEN_BODY.test(bodyName)) return { geometry: null, source: 'none' };
  const ctx: ShapeContext = { bodies, bodyName, body, detail };
  const parts = body.attachedGeometries
    .map((f) => openSimFileGeometry(f, ctx))
    .filter((g): g is BufferGeometry => g !== null);
  if (parts.length === 0) return { geometry: segmentGeometry(ctx), source: 'segment' };
  const merged = parts.length === 1 ? parts[0] : mergeGeometries(parts);
  if (!merged) throw new Error(`Could not merge the generated geometry of body ${bodyName}`);
  return { geometry: merged, source: 'files' };
}
