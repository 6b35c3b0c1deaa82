import { angleBetween, dot2, facingHeading, horizontalUnit, point } from '../common/geometry';
import { findPeaks, findValleys } from '../common/signal';
import type { Timing } from '../common/timing';
import type { TrialKinematics } from '../types';

export type Side = 'r' | 'l';
export const SIDES: Side[] = ['r', 'l'];
export const other = (s: Side): Side => (s === 'r' ? 'l' : 'r');

/**
 * An event at a frame. Times stay on frames: a contact is a kink in these signals (the foot stops), where a
 * parabola through the extremum would shift it by up to a third of a frame; Zeni et al. report frame-level
 * agreement with force plates, and per-cycle errors average out over cycles.
 */
export interface GaitEvent {
  frame: number;
  time: number;
}

export interface GaitEvents {
  heelStrikes: Record<Side, GaitEvent[]>;
  toeOffs: Record<Side, GaitEvent[]>;
}

/** One gait cycle of one leg: heel strike → opposite toe off → opposite heel strike → toe off → heel strike. */
export interface GaitCycle {
  side: Side;
  start: GaitEvent;
  oppositeToeOff: GaitEvent;
  oppositeHeelStrike: GaitEvent;
  toeOff: GaitEvent;
  end: GaitEvent;
  /** Walking direction of the cycle (unit, horizontal x/z). */
  heading: [number, number];
}

export interface GaitDetection {
  treadmill: boolean;
  events: GaitEvents;
  cycles: GaitCycle[];
  /** Candidate cycles left out: during a turn, a pause, or with events out of order. */
  excluded: number;
}

/** Largest heading change within a cycle that still counts as straight walking (degrees). */
export const MAX_TURN_DEG = 20;
/** Largest angle between a foot (heel → toe) and the walking direction at a heel strike (toe-out is 5–10°). */
export const MAX_FOOT_DEG = 30;
/** Shortest and longest stride times accepted (s). */
const STRIDE_TIME_RANGE: [number, number] = [0.4, 3.0];

/**
 * Heel strikes and toe offs after Zeni, Richards & Higginson (Gait Posture 2008;27:710–714): a heel strike is a
 * maximum of the heel's position relative to the pelvis along the walking direction, a toe off a minimum of the
 * toe's. The walking direction is the pelvis' travel over about one stride around each frame (overground) or
 * the pelvis' facing (treadmill), so the projection follows turns. Thresholds scale with leg length.
 */
export function detectGaitEvents(
  kin: TrialKinematics,
  timing: Timing,
  legLength: number,
  mode: 'overground' | 'treadmill' | 'auto',
): GaitDetection {
  const { n, dt } = timing;
  const pelvis = kin.points.pelvis;
  const treadmill = mode === 'treadmill' || (mode === 'auto' && isStationary(pelvis, n, legLength));
  const half = Math.max(1, Math.round(0.5 / dt));
  const headings: ([number, number] | null)[] = new Array(n);
  const speeds = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (treadmill) {
      headings[i] = facingHeading(kin, Math.max(0, i - half), Math.min(n, i + half + 1));
    } else {
      const a = Math.max(0, i - half);
      const b = Math.min(n - 1, i + half);
      const dx = pelvis[3 * b] - pelvis[3 * a];
      const dz = pelvis[3 * b + 2] - pelvis[3 * a + 2];
      speeds[i] = Math.hypot(dx, dz) / ((b - a) * dt);
      // Slower than 0.1 leg lengths per second: standing, no walking direction.
      headings[i] = speeds[i] > 0.1 * legLength ? horizontalUnit([dx, dz]) : null;
    }
  }
  const along = (name: 'heel_r' | 'heel_l' | 'toe_r' | 'toe_l') => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const h = headings[i];
      const p = point(kin, name, i);
      out[i] = h ? dot2(h, p[0] - pelvis[3 * i], p[2] - pelvis[3 * i + 2]) : NaN;
    }
    return out;
  };
  const opts = { minProminence: 0.15 * legLength, minDistance: Math.round(0.35 / dt) };
  const events: GaitEvents = { heelStrikes: { r: [], l: [] }, toeOffs: { r: [], l: [] } };
  for (const side of SIDES) {
    const heel = along(`heel_${side}`);
    const toe = along(`toe_${side}`);
    const zeni = extremaBySegment(heel, 'max', opts);
    events.heelStrikes[side] = treadmill
      ? zeni.map((i) => toEvent(kin, i))
      : zeni.map((i) => heelLanding(kin, side, i, speeds[i], dt));
    events.toeOffs[side] = extremaBySegment(toe, 'min', opts).map((i) => toEvent(kin, i));
  }
  const { cycles, excluded } = assembleCycles(kin, events, treadmill, legLength);
  return { treadmill, events, cycles, excluded };
}

/** The heel has landed when its horizontal speed falls below this share of the walking speed. */
export const HEEL_LANDED_SPEED = 0.3;
/**
 * How long after Zeni's heel maximum the landing is looked for (s). On marker data the heel stops 25–50 ms after
 * it; a heel still sliding after this long (smoothed video kinematics decelerate over 100 ms or more) shows no
 * landing the data resolve, and the Zeni time stays.
 */
const HEEL_LANDING_WINDOW = 0.06;

/**
 * Overground heel strike: the heel's maximum ahead of the pelvis (Zeni) comes while the heel still swings
 * forward, 31–55 ms before the force plates load (bench:analysis-truth). The heel has landed at the first frame
 * from which it moves horizontally slower than HEEL_LANDED_SPEED of the walking speed (a velocity threshold as
 * in Ghoussayni et al., Gait Posture 2004, relative so that it holds at any speed).
 */
function heelLanding(
  kin: TrialKinematics,
  side: Side,
  zeni: number,
  walkingSpeed: number,
  dt: number,
): GaitEvent {
  const p = kin.points[`heel_${side}`];
  const n = kin.time.length;
  const level = HEEL_LANDED_SPEED * walkingSpeed;
  const last = Math.min(n - 2, zeni + Math.round(HEEL_LANDING_WINDOW / dt));
  for (let i = zeni; i <= last; i++) {
    // Speed from frame i to i + 1.
    const speed = Math.hypot(p[3 * i + 3] - p[3 * i], p[3 * i + 5] - p[3 * i + 2]) / dt;
    if (speed <= level) return toEvent(kin, i);
  }
  return toEvent(kin, zeni);
}

/** Treadmill walking: the pelvis stays within 0.6 leg lengths of its mean position over the whole trial. */
function isStationary(pelvis: Float64Array, n: number, legLength: number): boolean {
  let mx = 0;
  let mz = 0;
  for (let i = 0; i < n; i++) {
    mx += pelvis[3 * i] / n;
    mz += pelvis[3 * i + 2] / n;
  }
  for (let i = 0; i < n; i++)
    if (Math.hypot(pelvis[3 * i] - mx, pelvis[3 * i + 2] - mz) > 0.6 * legLength) return false;
  return true;
}

function toEvent(kin: TrialKinematics, frame: number): GaitEvent {
  return { frame, time: kin.time[frame] };
}

/** Extrema within each run of defined (non-NaN) samples. */
function extremaBySegment(
  x: Float64Array,
  kind: 'max' | 'min',
  opts: { minProminence: number; minDistance: number },
): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < x.length) {
    while (i < x.length && !Number.isFinite(x[i])) i++;
    const start = i;
    while (i < x.length && Number.isFinite(x[i])) i++;
    if (i - start < 3) continue;
    const seg = x.subarray(start, i);
    const found = kind === 'max' ? findPeaks(seg, opts) : findValleys(seg, opts);
    out.push(...found.map((p) => p.index + start));
  }
  return out;
}

function between(events: GaitEvent[], a: number, b: number): GaitEvent[] {
  return events.filter((e) => e.frame > a && e.frame < b);
}

/** Heading of the pelvis' travel between two frames (null when it hardly moved). */
function travelHeading(kin: TrialKinematics, a: number, b: number): [number, number] | null {
  const p = kin.points.pelvis;
  return horizontalUnit([p[3 * b] - p[3 * a], p[3 * b + 2] - p[3 * a + 2]]);
}

function assembleCycles(
  kin: TrialKinematics,
  events: GaitEvents,
  treadmill: boolean,
  legLength: number,
): { cycles: GaitCycle[]; excluded: number } {
  const cycles: GaitCycle[] = [];
  let excluded = 0;
  for (const side of SIDES) {
    const hs = events.heelStrikes[side];
    const opp = other(side);
    for (let k = 0; k + 1 < hs.length; k++) {
      const start = hs[k];
      const end = hs[k + 1];
      const T = end.time - start.time;
      const toeOffs = between(events.toeOffs[side], start.frame, end.frame);
      const oppStrikes = between(events.heelStrikes[opp], start.frame, end.frame);
      const oppToeOffs = oppStrikes.length
        ? between(events.toeOffs[opp], start.frame, oppStrikes[0].frame)
        : [];
      const ordered =
        T >= STRIDE_TIME_RANGE[0] &&
        T <= STRIDE_TIME_RANGE[1] &&
        toeOffs.length === 1 &&
        oppStrikes.length === 1 &&
        oppToeOffs.length === 1 &&
        toeOffs[0].frame > oppStrikes[0].frame;
      if (!ordered) {
        excluded++;
        continue;
      }
      const heading = treadmill
        ? facingHeading(kin, start.frame, end.frame + 1)
        : straightHeading(kin, start.frame, end.frame, legLength);
      const strikes = [start.frame, oppStrikes[0].frame, end.frame];
      if (!heading || !strikes.every((f) => feetAligned(kin, f, heading))) {
        excluded++;
        continue;
      }
      cycles.push({
        side,
        start,
        oppositeToeOff: oppToeOffs[0],
        oppositeHeelStrike: oppStrikes[0],
        toeOff: toeOffs[0],
        end,
        heading,
      });
    }
  }
  cycles.sort((a, b) => a.start.frame - b.start.frame);
  return { cycles, excluded };
}

/** Both feet point along the walking direction at a frame: no footprint of the cycle lies in a turn. */
function feetAligned(kin: TrialKinematics, frame: number, heading: [number, number]): boolean {
  for (const side of SIDES) {
    const heel = point(kin, `heel_${side}`, frame);
    const toe = point(kin, `toe_${side}`, frame);
    const foot = horizontalUnit([toe[0] - heel[0], toe[2] - heel[2]]);
    if (!foot || angleBetween(foot, heading) > MAX_FOOT_DEG) return false;
  }
  return true;
}

/**
 * The cycle's walking direction when it is walked straight: the pelvis moves at least 0.2 leg lengths and
 * the headings of its travel over the cycle's thirds differ by at most MAX_TURN_DEG.
 */
function straightHeading(
  kin: TrialKinematics,
  a: number,
  b: number,
  legLength: number,
): [number, number] | null {
  const p = kin.points.pelvis;
  const travel = Math.hypot(p[3 * b] - p[3 * a], p[3 * b + 2] - p[3 * a + 2]);
  if (travel < 0.2 * legLength || b - a < 3) return null;
  const thirds = [0, 1, 2].map((k) =>
    travelHeading(kin, a + Math.round(((b - a) * k) / 3), a + Math.round(((b - a) * (k + 1)) / 3)),
  );
  if (thirds.some((h) => !h)) return null;
  const hs = thirds as [number, number][];
  for (let i = 0; i < 3; i++)
    for (let j = i + 1; j < 3; j++) if (angleBetween(hs[i], hs[j]) > MAX_TURN_DEG) return null;
  return travelHeading(kin, a, b);
}
