/** visualizerTransforms JSON (SPEC §3): per body its geometry, scale factors and per-frame pose in ground. */
import { bodyFixedXYZFromRotation } from '../math/transform';
import { compileModel, newTransforms } from '../kinematics/compiled';
import { bodyTransformsInto } from '../kinematics/forward';
import type { Model } from '../model/types';
import { framesFromMotion, type Motion } from './mot';

export interface VisualizerBody {
  scaleFactors: [number, number, number];
  attachedGeometries: string[];
  /** Per frame, body-fixed XYZ Euler angles (radians) of the body in ground. */
  rotation: [number, number, number][];
  /** Per frame, the body origin in ground (metres). */
  translation: [number, number, number][];
}

export interface VisualizerTransforms {
  time: number[];
  bodies: Record<string, VisualizerBody>;
}

/** Animation data for the viewer, as OpenCap's generateVisualizerJson writes it. */
export function visualizerTransforms(model: Model, motion: Motion): VisualizerTransforms {
  const kin = compileModel(model);
  const frames = framesFromMotion(model, motion);
  const bodies: Record<string, VisualizerBody> = {};
  for (const b of model.bodies) {
    const first = b.geometries[0];
    bodies[b.name] = {
      scaleFactors: first ? [...first.scaleFactors] : [1, 1, 1],
      attachedGeometries: b.geometries.map((g) => g.meshFile),
      rotation: [],
      translation: [],
    };
  }
  const ts = newTransforms(kin.bodyNames.length);
  for (const q of frames) {
    bodyTransformsInto(kin, q, ts);
    for (const b of model.bodies) {
      const t = ts[kin.bodyIndex.get(b.name) ?? 0];
      bodies[b.name].rotation.push(bodyFixedXYZFromRotation(t.R));
      bodies[b.name].translation.push([t.p[0], t.p[1], t.p[2]]);
    }
  }
  return { time: [...motion.time], bodies };
}
