/** Applies per-body scale factors to a model as OpenSim's ScaleTool does for kinematics. */
import { isIdentityLike, type OsimFunction } from '../model/functions';
import type { Model, OffsetFrame, TransformAxis } from '../model/types';
import type { Vec3 } from '../math/transform';

export type ScaleFactors = Record<string, Vec3>;

const mul = (a: Vec3, s: Vec3): Vec3 => [a[0] * s[0], a[1] * s[1], a[2] * s[2]];

function scaleFrame(f: OffsetFrame, factors: ScaleFactors): OffsetFrame {
  const s = factors[f.body];
  return s ? { ...f, translation: mul(f.translation, s) } : f;
}

/** Coupled translation functions (e.g. a knee's rolling/sliding) scale with the parent body along the axis. */
function scaleTranslationAxis(a: TransformAxis, s: Vec3 | undefined): TransformAxis {
  if (!s || a.kind !== 'translation' || (a.coordinates.length > 0 && isIdentityLike(a.fn))) return a;
  const k = Math.abs(a.axis[0]) * s[0] + Math.abs(a.axis[1]) * s[1] + Math.abs(a.axis[2]) * s[2];
  const fn: OsimFunction =
    a.fn.type === 'MultiplierFunction'
      ? { ...a.fn, scale: a.fn.scale * k }
      : { type: 'MultiplierFunction', scale: k, fn: a.fn };
  return { ...a, fn };
}

/** A new model with scaled joint frames, markers, coupled translations, geometry and mass centres. */
export function applyScaleFactors(model: Model, factors: ScaleFactors): Model {
  for (const [body, s] of Object.entries(factors)) {
    if (!model.bodies.some((b) => b.name === body))
      throw new Error(`Scale factor for unknown body '${body}'`);
    if (s.some((v) => !(v > 0))) throw new Error(`Scale factor for ${body} must be positive`);
  }
  return {
    ...model,
    bodies: model.bodies.map((b) => {
      const s = factors[b.name];
      if (!s) return b;
      return {
        ...b,
        massCenter: mul(b.massCenter, s),
        geometries: b.geometries.map((g) => ({ ...g, scaleFactors: mul(g.scaleFactors, s) })),
      };
    }),
    joints: model.joints.map((j) => ({
      ...j,
      parentFrame: scaleFrame(j.parentFrame, factors),
      childFrame: scaleFrame(j.childFrame, factors),
      axes: j.axes.map((a) => scaleTranslationAxis(a, factors[j.parentBody])),
    })),
    markers: model.markers.map((m) =>
      factors[m.body] ? { ...m, location: mul(m.location, factors[m.body]) } : m,
    ),
    frames: model.frames.map((f) => scaleFrame(f, factors)),
    coordinates: model.coordinates.map((c) => ({ ...c })),
  };
}
