/**
 * One reading of each pose for unclamped rotations: the same pose can be reached with an angle ±360°, and a
 * joint turning about three perpendicular axes by two sets of angles.
 */
import { GROUND, type Model } from '../model/types';

const TURN = 2 * Math.PI;

/**
 * Normalises IK frames in place so that a pose always reads the same:
 * 1. joints with three unclamped rotations about perpendicular axes (the built-in model's shoulders) take one of
 *    their two equivalent angle sets, continuously, the one whose last (axial) rotation stays within ±90°
 *    (canonicalEulerBranches);
 * 2. each unclamped rotational coordinate's series is shifted by whole turns so that its median lies in
 *    (-180°, 180°]. IK keeps a series continuous, so a shoulder that drifted across a turn reads 262° where -98°
 *    is meant; the shift keeps the continuity and the reading.
 */
export function normaliseTurns(model: Model, frames: Float64Array[]): void {
  if (frames.length === 0) return;
  canonicalEulerBranches(model, frames);
  model.coordinates.forEach((c, i) => {
    if (c.clamped || c.motionType !== 'rotational') return;
    const values = frames.map((q) => q[i]).filter(Number.isFinite);
    if (values.length === 0) return;
    values.sort((a, b) => a - b);
    const median = values[values.length >> 1];
    const turns = Math.round(median / TURN);
    // (-180°, 180°]: a median of exactly -180° moves to +180°.
    const shift = median - TURN * turns <= -Math.PI ? turns - 1 : turns;
    if (shift !== 0) for (const q of frames) q[i] -= TURN * shift;
  });
}

type Triple = [number, number, number];

/**
 * The joints (not the root) whose rotations are three perpendicular axes, each turned by its own unclamped,
 * unlocked coordinate as is (OpenSim's LinearFunction 1·q): as [first, middle, last] coordinate indices.
 */
export function eulerJoints(model: Model): Triple[] {
  const index = new Map(model.coordinates.map((c, i) => [c.name, i]));
  return model.joints.flatMap((joint): Triple[] => {
    if (joint.parentBody === GROUND) return [];
    const rotations = joint.axes.filter((a) => a.kind === 'rotation' && a.coordinates.length > 0);
    if (rotations.length !== 3) return [];
    const coords = rotations.map((a) =>
      a.coordinates.length === 1 ? index.get(a.coordinates[0]) : undefined,
    );
    const identity = rotations.every(
      (a) => a.fn.type === 'LinearFunction' && a.fn.slope === 1 && a.fn.intercept === 0,
    );
    const free = coords.every((k) => {
      const c = k === undefined ? undefined : model.coordinates[k];
      return !!c && c.motionType === 'rotational' && !c.clamped && !c.locked;
    });
    if (!identity || !free || new Set(coords).size !== 3) return [];
    const [a, b, c] = rotations.map((r) => r.axis);
    const dot = (u: readonly number[], v: readonly number[]) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    if (Math.abs(dot(a, b)) > 1e-9 || Math.abs(dot(b, c)) > 1e-9 || Math.abs(dot(a, c)) > 1e-9) return [];
    return [coords as Triple];
  });
}

/** The other angle set of the same orientation: R1(x)R2(y)R3(z) = R1(x+π)R2(π−y)R3(z+π) for perpendicular axes. */
function otherSet([x, y, z]: Triple): Triple {
  return [x + Math.PI, Math.PI - y, z + Math.PI];
}

/** `t` shifted by whole turns, coordinate by coordinate, to lie nearest `ref`; and how far it then is. */
function nearest(t: Triple, ref: Triple): { set: Triple; distance: number } {
  const set = t.map((v, i) => v - TURN * Math.round((v - ref[i]) / TURN)) as Triple;
  return { set, distance: set.reduce((s, v, i) => s + (v - ref[i]) ** 2, 0) };
}

/**
 * A joint turning about three perpendicular axes in sequence reaches every orientation by two angle sets,
 * (x, y, z) and (x + 180°, 180° − y, z + 180°), which put the segment in the same place and fit the markers
 * equally. IK stays in the set it starts in, and a movement trial starts from the neutral pose, so the set
 * was chosen where the neutral's shoulders happened to settle: with arms held out as in a T-pose (the demo's
 * neutral) both sets sit next to each other around adduction -90° (gimbal lock), and the same trial through
 * the phones read arm_flex_l, arm_add_l and arm_rot_l 178°, 96° and 176° away from the CLI's.
 *
 * Per joint: first, every frame takes the set (and whole turns) nearest the frame before it, so that a series
 * IK switched between sets (two passes averaged, a pass through the gimbal lock) becomes continuous; then the
 * whole series takes the set whose last rotation (by OpenSim's convention the segment's own axial rotation,
 * anatomically within ±90°) lies within ±90° on average. Both steps change only the reading, never the pose.
 */
export function canonicalEulerBranches(model: Model, frames: Float64Array[]): void {
  for (const coords of eulerJoints(model)) {
    const get = (q: Float64Array): Triple => [q[coords[0]], q[coords[1]], q[coords[2]]];
    const set = (q: Float64Array, t: Triple) => t.forEach((v, i) => (q[coords[i]] = v));
    let prev: Triple | null = null;
    let axialCos = 0;
    for (const q of frames) {
      const cur = get(q);
      if (!cur.every(Number.isFinite)) continue;
      if (prev) {
        const same = nearest(cur, prev);
        const other = nearest(otherSet(cur), prev);
        set(q, other.distance < same.distance ? other.set : same.set);
      }
      prev = get(q);
      axialCos += Math.cos(prev[2]);
    }
    if (axialCos >= 0) continue;
    for (const q of frames) {
      const cur = get(q);
      if (cur.every(Number.isFinite)) set(q, otherSet(cur));
    }
  }
}
