import { heights } from '../common/geometry';
import { restLevel } from '../common/signal';
import type { TrialKinematics } from '../types';

export type Side = 'r' | 'l';

/** A floor is where the feet rest, still, for this long (both sides' samples together) within REST_BAND. */
const REST_SECONDS = 0.2;
const REST_BAND = 0.03;
/** Still enough to rest: IK lets a planted foot drift a few centimetres in a fraction of a second. */
const REST_SPEED = 0.3;

/**
 * Each foot's height above the floor: the lower of its heel and toe points, each above its own floor level:
 * the lowest level where that point (either side) rests still, so a box, a lifted foot or a foot that IK
 * pushes through the floor at an impact does not move the floor.
 */
export interface FeetSignals {
  height: Record<Side, Float64Array>;
  dt: number;
}

export function feetSignals(kin: TrialKinematics, dt: number): FeetSignals {
  const rest = (a: Float64Array, b: Float64Array) =>
    restLevel([a, b], dt, { band: REST_BAND, minSeconds: REST_SECONDS, maxSpeed: REST_SPEED });
  const y = {
    heel_r: heights(kin, 'heel_r'),
    heel_l: heights(kin, 'heel_l'),
    toe_r: heights(kin, 'toe_r'),
    toe_l: heights(kin, 'toe_l'),
  };
  const tip = { r: toeTipHeights(kin, 'r'), l: toeTipHeights(kin, 'l') };
  const heelFloor = rest(y.heel_r, y.heel_l);
  const toeFloor = rest(y.toe_r, y.toe_l);
  const tipFloor = rest(tip.r, tip.l);
  const height = {} as Record<Side, Float64Array>;
  for (const s of ['r', 'l'] as const) {
    const h = new Float64Array(kin.time.length);
    for (let i = 0; i < h.length; i++)
      h[i] = Math.min(y[`heel_${s}`][i] - heelFloor, y[`toe_${s}`][i] - toeFloor, tip[s][i] - tipFloor);
    height[s] = h;
  }
  return { height, dt };
}

/**
 * Where the toe tip lies beyond the toe point (the MTP joint centre), as a share of the heel → toe distance:
 * the forefoot beyond the MTP is about a third of the calcaneus-to-MTP length in the OpenSim foot models.
 */
export const TOE_TIP_SHARE = 0.3;

/**
 * Height of the point on the heel → toe line above the toe tip: on tiptoe (a push-off, the first touch of a
 * landing) the foot turns about the tip, so the heel and the MTP rise while the tip stays down. Against force
 * plates (bench:analysis-truth) the heel and MTP alone put take-off 9–15 ms early and landings 5–9 ms late.
 */
function toeTipHeights(kin: TrialKinematics, s: Side): Float64Array {
  const heel = kin.points[`heel_${s}`];
  const toe = kin.points[`toe_${s}`];
  const out = new Float64Array(kin.time.length);
  for (let i = 0; i < out.length; i++)
    out[i] = toe[3 * i + 1] + TOE_TIP_SHARE * (toe[3 * i + 1] - heel[3 * i + 1]);
  return out;
}

/** A run of frames with both feet off the floor. */
export interface Airborne {
  /** First and last airborne frame. */
  first: number;
  last: number;
  /** Sub-frame take-off (the last foot leaving) and landing (the first foot touching), seconds; null at an end. */
  takeOff: number | null;
  landing: number | null;
  /** Per foot, the same. */
  feet: Record<Side, { takeOff: number | null; landing: number | null }>;
}

/**
 * Runs where both feet are higher than `contactHeight` above the floor.
 * A landing comes from the foot's vertical velocity: its height at the last airborne frame extrapolated forward
 * to the floor (a falling foot is ballistic and IK follows it well; against the plates 0–4 ms). A take-off is
 * where the foot rises through the contact height, interpolated between the frames around it: a model whose MTP
 * joint is locked (LaiUhlrich2022; OpenCap's lab-validation IK holds mtp_angle at −7°) cannot bend its toes, so while the
 * real toes push off flat on the floor the model's toe tip already rises with the forefoot. On OpenCap's drop
 * jumps the plates still carry load until the model's foot is 1.5–3 cm up, and extrapolating the foot back to
 * the floor put DJ1's take-off 14 ms early (bench:analysis-truth). On an ideal rigid foot that leaves the floor
 * ballistically this take-off is later by the time its tip takes to rise the contact height (about 11 ms).
 */
export function airborneRuns(kin: TrialKinematics, feet: FeetSignals, contactHeight: number): Airborne[] {
  const n = kin.time.length;
  const t = kin.time;
  const up = (s: Side, i: number) => feet.height[s][i] > contactHeight;
  const runs: Airborne[] = [];
  let i = 0;
  while (i < n) {
    if (!(up('r', i) && up('l', i))) {
      i++;
      continue;
    }
    const first = i;
    while (i < n && up('r', i) && up('l', i)) i++;
    const last = i - 1;
    const foot = (s: Side) => {
      // This foot's own airborne run around the shared one.
      let a = first;
      while (a > 0 && up(s, a - 1)) a--;
      let b = last;
      while (b < n - 1 && up(s, b + 1)) b++;
      const h = feet.height[s];
      // The landing's extrapolation may reach forward past frames below the contact height, but not past
      // the first frame where the foot rests on the floor again.
      let restAfter = b + 1;
      while (restAfter < n - 1 && h[restAfter] > 0.1 * contactHeight) restAfter++;
      const dt = feet.dt;
      const takeOff = a === 0 ? null : levelCrossing(t[a - 1], h[a - 1], h[a], contactHeight, dt);
      const landing =
        b === n - 1
          ? null
          : clamp(t[b] - floorCrossing(h[b], h[b - 1], h[b - 2], b - a, dt), t[b], t[restAfter]);
      return { takeOff, landing };
    };
    const feetTimes = { r: foot('r'), l: foot('l') };
    const takeOff =
      feetTimes.r.takeOff === null || feetTimes.l.takeOff === null
        ? null
        : Math.max(feetTimes.r.takeOff, feetTimes.l.takeOff);
    const landing =
      feetTimes.r.landing === null || feetTimes.l.landing === null
        ? null
        : Math.min(feetTimes.r.landing, feetTimes.l.landing);
    runs.push({ first, last, takeOff, landing, feet: feetTimes });
  }
  return runs;
}

/**
 * Time (s, ≤ 0) from the sample at height z0 back to where the foot met the floor, from the parabola through
 * it and the next two airborne samples z1, z2 (its vertical velocity and acceleration there), time running
 * backwards from the landing. Exact for a ballistic foot; linear with fewer than three airborne samples.
 */
function floorCrossing(z0: number, z1: number, z2: number, span: number, dt: number): number {
  if (span < 2) {
    const v = span >= 1 ? (z1 - z0) / dt : z0 / dt;
    return -z0 / Math.max(v, 1e-6);
  }
  const v = (-3 * z0 + 4 * z1 - z2) / (2 * dt);
  const c = (z0 - 2 * z1 + z2) / (dt * dt);
  if (v <= 0) return 0;
  if (Math.abs(c) < 1e-9) return -z0 / v;
  const disc = v * v - 2 * c * z0;
  if (disc < 0) return -z0 / v;
  // Roots of z0 + v·s + c·s²/2 = 0; the crossing behind the sample is the negative root nearest zero.
  const r1 = (-v + Math.sqrt(disc)) / c;
  const r2 = (-v - Math.sqrt(disc)) / c;
  const behind = [r1, r2].filter((r) => r <= 0).sort((x, y) => y - x);
  return behind.length ? behind[0] : -z0 / v;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** Time (s) where a height rising from h0 (at t0) to h1 (one frame later) passes `level`. */
function levelCrossing(t0: number, h0: number, h1: number, level: number, dt: number): number {
  return t0 + clamp((level - h0) / Math.max(h1 - h0, 1e-9), 0, 1) * dt;
}
