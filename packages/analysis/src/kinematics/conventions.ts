import type { Model, Motion } from '@poselab/biomech';

/**
 * Sign conventions of the coordinates the analyses read. The functions read LaiUhlrich2022's convention (knee
 * flexion positive). Models differ: gait2392 and its descendants (e.g. Camargo et al. 2021's models) measure
 * knee flexion negative. The model the motion was solved with says which: its knee coordinate's range lies on
 * the flexion side (LaiUhlrich2022 0…140°, gait2392 −120…10°). Without the motion's own model (the built-in
 * one stands in), the motion's values decide, and the assumption is stated in the result.
 */
export interface CoordinateConventions {
  /** Where the convention was read from: the model's ranges, or the motion's values (no model given). */
  basis: 'model_range' | 'motion_values';
  /** Knee flexion as the motion stores it; the analyses read it positive. */
  kneeFlexion: 'positive' | 'negative';
  /** Coordinates whose sign the analyses reverse. */
  reversed: string[];
}

const KNEES = ['knee_angle_r', 'knee_angle_l'];
/** Past this (radians, 20°) a knee range reaches into extension, beyond what any knee does. */
const HYPEREXTENSION = 0.35;
/** A range reaching this far (radians, 57°) to one side is the flexion side. */
const FLEXION_REACH = 1.0;

/** 'negative' when the model's knee ranges lie on the negative side, 'positive' when on the positive side. */
export function modelKneeFlexion(model: Model): 'positive' | 'negative' | null {
  const knees = model.coordinates.filter((c) => KNEES.includes(c.name));
  if (!knees.length) return null;
  if (knees.every((c) => c.range[1] <= HYPEREXTENSION && c.range[0] <= -FLEXION_REACH)) return 'negative';
  if (knees.every((c) => c.range[0] >= -HYPEREXTENSION && c.range[1] >= FLEXION_REACH)) return 'positive';
  return null;
}

/** Knee values of a motion (degrees): flexion negative when they hardly go above 10° but well below −20°. */
export function motionKneeFlexion(motion: Motion): 'positive' | 'negative' {
  const scale = motion.inDegrees ? 1 : 180 / Math.PI;
  const values: number[] = [];
  for (const name of KNEES) {
    const k = motion.columns.indexOf(name);
    if (k >= 0) for (const row of motion.rows) values.push(row[k] * scale);
  }
  if (!values.length) return 'positive';
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
  return at(0.95) <= 10 && at(0.05) <= -20 ? 'negative' : 'positive';
}

/**
 * The conventions of a motion solved with `model` (`modelIsTheMotions`: the motion's own model) or read on a
 * stand-in model (the built-in one): the model's knee ranges where they tell, else the motion's values.
 */
export function coordinateConventions(
  model: Model,
  motion: Motion,
  modelIsTheMotions: boolean,
): CoordinateConventions {
  const fromModel = modelIsTheMotions ? modelKneeFlexion(model) : null;
  const kneeFlexion = fromModel ?? motionKneeFlexion(motion);
  return {
    basis: fromModel ? 'model_range' : 'motion_values',
    kneeFlexion,
    reversed: kneeFlexion === 'negative' ? KNEES.filter((k) => motion.columns.includes(k)) : [],
  };
}

/** The motion with the named columns' signs reversed (a copy). */
export function reverseColumns(motion: Motion, names: string[]): Motion {
  const cols = names.map((n) => motion.columns.indexOf(n)).filter((k) => k >= 0);
  if (!cols.length) return motion;
  return {
    ...motion,
    rows: motion.rows.map((r) => {
      const out = r.slice();
      for (const k of cols) out[k] = -out[k];
      return out;
    }),
  };
}
