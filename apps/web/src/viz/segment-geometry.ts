import { Vector3, type BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import {
  ball,
  block,
  bodyKind,
  DEFAULT_LIMB_END,
  hasBody,
  jointPoint,
  LIMB_CHILD,
  relatedBody,
  shaft,
  v,
  type ShapeContext,
} from './bone-shapes';
import { originInBodyFrame } from './pose';

/**
 * Bones drawn by body segment rather than by geometry file: for models whose files are not OpenSim's own (the
 * built-in model names its meshes poselab_femur_r and so on) or whose files cannot be loaded. A segment's shape
 * runs from its joint (the body origin) to the joints of its children, read from the motion itself, so it fits
 * any scaled model; the generic sizes below only set the thickness and the parts without a child (head, hands,
 * toes).
 */

/** Thickness of the long bones (unscaled, metres). */
const RADIUS: Record<string, number> = {
  femur: 0.024,
  tibia: 0.02,
  humerus: 0.02,
  ulna: 0.013,
  radius: 0.012,
};

/**
 * Direction in which a limb carries on past its last joint (toes, hands): from the parent body's origin to this
 * body's, in this body's frame; `fallback` when the parent is missing or the two coincide.
 */
function continuation(ctx: ShapeContext, parentKind: string, fallback: Vector3): Vector3 {
  const parent = relatedBody(ctx, parentKind);
  if (!parent) return fallback;
  const d = originInBodyFrame(ctx.body, parent).multiplyScalar(-1);
  return d.length() > 0.01 ? d.normalize() : fallback;
}

function longBone(ctx: ShapeContext, kind: string): BufferGeometry {
  const d = ctx.detail;
  const o = v(0, 0, 0);
  const end = jointPoint(ctx, LIMB_CHILD[kind], DEFAULT_LIMB_END[kind]);
  const r = RADIUS[kind];
  const parts = [shaft(o, end, r, d), ball(o, [r * 1.25, r * 1.25, r * 1.25], d)];
  if (kind === 'femur') parts.push(ball(end.clone().multiplyScalar(0.96), [0.032, 0.025, 0.045], d));
  if (kind === 'tibia') parts.push(ball(end.clone().multiplyScalar(0.04), [0.035, 0.018, 0.045], d));
  return mergeGeometries(parts);
}

function pelvis(ctx: ShapeContext): BufferGeometry {
  const d = ctx.detail;
  const hipR = jointPoint(ctx, 'femur_r', [-0.056, -0.078, 0.077]);
  const hipL = jointPoint(ctx, 'femur_l', [-0.056, -0.078, -0.077]);
  const lumbar = hasBody(ctx, 'torso') ? jointPoint(ctx, 'torso', [-0.1, 0.08, 0]) : null;
  const mid = hipR.clone().add(hipL).multiplyScalar(0.5);
  const top = lumbar ?? v(mid.x - 0.04, mid.y + 0.14, 0);
  const centre = mid.clone().lerp(top, 0.45);
  const halfWidth = Math.max(0.05, hipR.distanceTo(hipL) / 2);
  return mergeGeometries([
    ball(centre, [0.07, Math.max(0.05, mid.distanceTo(top) * 0.45), halfWidth + 0.02], d),
    shaft(centre, hipR, 0.016, d),
    shaft(centre, hipL, 0.016, d),
    ball(hipR, [0.026, 0.026, 0.026], d),
    ball(hipL, [0.026, 0.026, 0.026], d),
  ]);
}

function torso(ctx: ShapeContext): BufferGeometry {
  const d = ctx.detail;
  const shR = jointPoint(ctx, 'humerus_r', [-0.01, 0.45, 0.17]);
  const shL = jointPoint(ctx, 'humerus_l', [-0.01, 0.45, -0.17]);
  const neck = shR.clone().add(shL).multiplyScalar(0.5);
  const o = v(0, 0, 0);
  const halfWidth = Math.max(0.1, shR.distanceTo(shL) / 2);
  const height = Math.max(0.2, neck.length());
  const chest = o.clone().lerp(neck, 0.55);
  const up = neck.clone().normalize();
  const head = neck.clone().addScaledVector(up, 0.19);
  return mergeGeometries([
    ball(chest, [0.1, height * 0.55, halfWidth * 0.75], d),
    shaft(o, neck, 0.02, d),
    shaft(shR, shL, 0.022, d),
    shaft(neck, head, 0.025, d),
    ball(head.clone().add(v(0.02, 0, 0)), [0.095, 0.115, 0.085], d),
  ]);
}

/** Generated geometry of a body by its segment, or a joint ball for a body of no known segment. */
export function segmentGeometry(ctx: ShapeContext): BufferGeometry {
  const kind = bodyKind(ctx.bodyName);
  const d = ctx.detail;
  const o = v(0, 0, 0);
  switch (kind) {
    case 'pelvis':
      return pelvis(ctx);
    case 'torso':
    case 'thorax':
      return torso(ctx);
    case 'femur':
    case 'tibia':
    case 'humerus':
    case 'ulna':
    case 'radius':
      return longBone(ctx, kind);
    case 'patella':
      return ball(o, [0.012, 0.024, 0.022], d);
    case 'talus':
      return ball(o, [0.03, 0.022, 0.025], d);
    case 'calcn': {
      // The foot from the heel (behind the subtalar joint) to the toes' joint.
      const toes = jointPoint(ctx, 'toes', DEFAULT_LIMB_END.calcn);
      const heel = v(-0.04, toes.y, toes.z * 0.3);
      const along = toes.clone().sub(heel);
      const mid = heel.clone().add(toes).multiplyScalar(0.5);
      return block(v(mid.x, mid.y + 0.012, mid.z), [along.length() + 0.03, 0.04, 0.075], along);
    }
    case 'toes': {
      const dir = continuation(ctx, 'calcn', v(1, 0, 0));
      dir.y = 0; // toes lie flat in their own frame
      if (dir.lengthSq() < 1e-6) dir.set(1, 0, 0);
      dir.normalize();
      return block(
        dir
          .clone()
          .multiplyScalar(0.03)
          .add(v(0, 0.008, 0)),
        [0.06, 0.025, 0.08],
        dir,
      );
    }
    case 'hand': {
      const dir = continuation(ctx, hasBody(ctx, 'radius') ? 'radius' : 'ulna', v(0, -1, 0));
      return mergeGeometries([
        block(dir.clone().multiplyScalar(0.045), [0.08, 0.025, 0.07], dir),
        shaft(dir.clone().multiplyScalar(0.09), dir.clone().multiplyScalar(0.16), 0.015, d),
      ]);
    }
    default:
      return ball(o, [0.03, 0.03, 0.03], d);
  }
}
