/**
 * The ground-truth motion: any OpenSim .mot with LaiUhlrich2022 coordinate names, in degrees or radians, at any
 * rate. Coordinates the file lacks stay at zero and are left out of the figures.
 */
import type { Model, Motion } from '@poselab/biomech';
import type { Coordinates } from './retarget';

const DEG = Math.PI / 180;

export interface TruthMotion {
  /** Model coordinates the file has (others stay at 0). */
  present: string[];
  startSec: number;
  endSec: number;
  /** Coordinates (radians, metres) at time t, linearly interpolated, clamped at the ends. */
  at(t: number): Coordinates;
  /** The file's value of one coordinate at time t in degrees (rotations) or metres. */
  valueDeg(name: string, t: number): number;
}

export function truthMotion(model: Model, motion: Motion): TruthMotion {
  const cols = model.coordinates
    .map((c) => ({ name: c.name, col: motion.columns.indexOf(c.name), rot: c.motionType === 'rotational' }))
    .filter((c) => c.col >= 0);
  if (cols.length === 0) throw new Error("the motion has none of the model's coordinates");
  const { time, rows } = motion;
  if (time.length < 2) throw new Error('the motion needs at least 2 rows');
  const sample = (col: number, t: number): number => {
    if (t <= time[0]) return rows[0][col];
    const last = time.length - 1;
    if (t >= time[last]) return rows[last][col];
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (time[mid] <= t) lo = mid;
      else hi = mid;
    }
    const f = (t - time[lo]) / (time[hi] - time[lo]);
    return rows[lo][col] + f * (rows[hi][col] - rows[lo][col]);
  };
  // Rotations in the file's unit → radians for the model; degrees for the figures.
  const toRad = motion.inDegrees ? DEG : 1;
  const toDeg = motion.inDegrees ? 1 : 1 / DEG;
  const byName = new Map(cols.map((c) => [c.name, c]));
  return {
    present: cols.map((c) => c.name),
    startSec: time[0],
    endSec: time[time.length - 1],
    at: (t) => Object.fromEntries(cols.map((c) => [c.name, sample(c.col, t) * (c.rot ? toRad : 1)])),
    valueDeg: (name, t) => {
      const c = byName.get(name);
      if (!c) throw new Error(`the motion has no '${name}'`);
      return sample(c.col, t) * (c.rot ? toDeg : 1);
    },
  };
}
