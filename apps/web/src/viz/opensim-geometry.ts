import type { BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import {
  ball,
  block,
  bodyKind,
  DEFAULT_LIMB_END,
  jointPoint,
  LIMB_CHILD,
  shaft,
  sideOf,
  v,
  type ShapeContext,
} from './bone-shapes';

/**
 * Shapes for the geometry files of OpenSim's gait and full-body models (LaiUhlrich2022, Rajagopal, gait2392):
 * 'femur_r.vtp', 'hat_spine.vtp', 'r_pelvis.vtp' and so on. Bodies whose files are not among them (the
 * built-in model's, or any other model's) are drawn by segment (segment-geometry.ts).
 */

/** A geometry file's bone without extension and side: 'r_femur.vtp', 'femur_r.vtp' → 'femur'. */
export function fileBone(fileName: string): string {
  return fileName
    .replace(/\.(vtp|vtk|obj|stl)$/i, '')
    .toLowerCase()
    .replace(/^[rl]_/, '')
    .replace(/_[rl]v?s?$/, '');
}

/** Generated geometry for one OpenSim geometry file name, or null when the name is not one of OpenSim's. */
export function openSimFileGeometry(fileName: string, ctx: ShapeContext): BufferGeometry | null {
  const lower = fileName.toLowerCase();
  const bone = fileBone(fileName);
  const side = sideOf(ctx.bodyName) ?? sideOf(lower.replace(/\.(vtp|vtk|obj|stl)$/, ''));
  const lateral = side === 'l' ? -1 : 1; // OpenSim z points to the subject's right.
  const kind = bodyKind(ctx.bodyName);
  const end = LIMB_CHILD[kind] ? jointPoint(ctx, LIMB_CHILD[kind], DEFAULT_LIMB_END[kind]) : null;
  const o = v(0, 0, 0);
  const d = ctx.detail;

  switch (bone) {
    case 'pelvis': {
      // r_pelvis and l_pelvis are the two hip bones of the pelvis body.
      const hip = jointPoint(ctx, 'femur_r', [-0.056, -0.078, 0.077]);
      const sign = lower.startsWith('l_') ? -1 : 1;
      const hipSide = v(hip.x, hip.y, Math.abs(hip.z) * sign);
      return mergeGeometries([
        ball(v(hipSide.x + 0.01, hipSide.y + 0.07, hipSide.z * 0.85), [0.05, 0.065, 0.022], d),
        shaft(hipSide, v(hipSide.x + 0.04, hipSide.y - 0.02, hipSide.z * 0.2), 0.012, d),
      ]);
    }
    case 'sacrum':
      return block(v(-0.1, 0.02, 0), [0.035, 0.1, 0.07]);
    case 'femur':
      return end
        ? mergeGeometries([
            shaft(o, end, 0.022, d),
            ball(o, [0.026, 0.026, 0.026], d),
            ball(end.clone().multiplyScalar(0.96), [0.032, 0.025, 0.045], d),
          ])
        : null;
    case 'tibia':
      return end
        ? mergeGeometries([shaft(o, end, 0.019, d), ball(v(0, -0.02, 0), [0.035, 0.018, 0.045], d)])
        : null;
    case 'fibula':
      return end
        ? shaft(v(-0.01, -0.05, 0.035 * lateral), v(end.x - 0.005, end.y, end.z + 0.03 * lateral), 0.008, d)
        : null;
    case 'patella':
      return ball(o, [0.012, 0.024, 0.022], d);
    case 'talus':
      return ball(o, [0.03, 0.022, 0.025], d);
    case 'foot': {
      if (!end) return null;
      const mid = end.clone().multiplyScalar(0.5);
      return block(v(mid.x, mid.y + 0.015, mid.z), [end.length() + 0.04, 0.045, 0.08], end);
    }
    case 'bofoot':
      return block(v(0.03, 0.008, 0), [0.06, 0.025, 0.085]);
    case 'hat_spine': {
      const neck = jointPoint(ctx, 'humerus_r', [0, 0.4, 0.17]);
      return shaft(v(-0.1, 0.05, 0), v(-0.03, neck.y + 0.07, 0), 0.018, d);
    }
    case 'hat_ribs_scap':
    case 'hat_ribs': {
      const shoulder = jointPoint(ctx, 'humerus_r', [-0.01, 0.41, 0.17]);
      return ball(v(-0.03, shoulder.y * 0.72, 0), [0.095, 0.16, 0.135], d);
    }
    case 'hat_skull': {
      const shoulder = jointPoint(ctx, 'humerus_r', [-0.01, 0.41, 0.17]);
      return ball(v(0.01, shoulder.y + 0.2, 0), [0.095, 0.115, 0.085], d);
    }
    case 'hat_jaw': {
      const shoulder = jointPoint(ctx, 'humerus_r', [-0.01, 0.41, 0.17]);
      return block(v(0.06, shoulder.y + 0.12, 0), [0.05, 0.03, 0.07]);
    }
    case 'humerus':
      return end ? mergeGeometries([shaft(o, end, 0.02, d), ball(o, [0.025, 0.025, 0.025], d)]) : null;
    case 'ulna':
      return end ? shaft(v(-0.01, 0.01, 0), end, 0.012, d) : null;
    case 'radius':
      return end
        ? shaft(v(0.008, -0.01, 0.01 * lateral), v(end.x + 0.008, end.y, end.z + 0.01 * lateral), 0.011, d)
        : null;
    // Hand: the capitate draws a palm and fingers for the whole hand; the other carpal and finger bones are
    // covered by it (a few shapes per body keeps eight skeletons cheap to draw).
    case 'capitate':
      return mergeGeometries([
        block(v(0, -0.045, 0), [0.025, 0.08, 0.07]),
        block(v(0, -0.12, 0), [0.018, 0.07, 0.06]),
      ]);
    default:
      return null;
  }
}
