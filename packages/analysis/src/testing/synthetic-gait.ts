/**
 * Walking built by construction. Heel strikes of the right foot at t0 + kT, of the left at t0 + (k + ½)T; each
 * foot stays flat on the ground for `stance`·T, then swings (cubic Hermite, faster than the pelvis throughout)
 * to its next footprint. Footprints lie along the path `heelAhead` metres ahead of the pelvis at heel strike,
 * `stepWidth`/2 to each side, so stride length = speed·T, step length = speed·T/2, cadence = 120/T.
 * On a treadmill the pelvis stays at the origin and the stance foot moves back at the belt speed.
 */
import {
  headingRotation,
  hermite,
  KinematicsBuilder,
  legPoints,
  pelvisRotation,
  trunkRotation,
  add,
  applyRotation,
} from './synthetic';

export interface SyntheticGait {
  fps: number;
  duration: number;
  speed: number;
  strideTime: number;
  /** Stance share of the cycle (0–1). */
  stance: number;
  stepWidth: number;
  /** First right heel strike (s). */
  t0?: number;
  /** Straight walk, or straight for `turnAfter` metres then a 180° left turn of `turnRadius` and back. */
  turnAfter?: number;
  turnRadius?: number;
  treadmill?: boolean;
  /** Phase (0–1 of the cycle after heel strike) and amplitude of the knee's swing peak etc. */
  joints?: Partial<
    Record<'hip' | 'knee' | 'ankle' | 'adduction', { mean: number; amp: number; phase: number }>
  >;
}

export const DEFAULT_JOINTS = {
  hip: { mean: 10, amp: 25, phase: 0.0 },
  knee: { mean: 30, amp: 30, phase: 0.72 },
  ankle: { mean: -5, amp: 12, phase: 0.5 },
  adduction: { mean: 2, amp: 6, phase: 0.15 },
};

const HEEL_AHEAD = 0.28;
const FOOT = 0.17;
const HEEL_Y = 0.05;
const TOE_Y = 0.03;

type V2 = [number, number];

/** Position and heading along the path at arc length s (x, z plane). */
function pathAt(spec: SyntheticGait, s: number): { p: V2; h: V2 } {
  const A = spec.turnAfter;
  const R = spec.turnRadius ?? 0.6;
  if (A === undefined || s <= A) return { p: [s, 0], h: [1, 0] };
  const arc = Math.PI * R;
  if (s <= A + arc) {
    const phi = (s - A) / R;
    return { p: [A + R * Math.sin(phi), -R + R * Math.cos(phi)], h: [Math.cos(phi), -Math.sin(phi)] };
  }
  return { p: [A - (s - A - arc), -2 * R], h: [-1, 0] };
}

export interface GaitTruth {
  heelStrikes: { r: number[]; l: number[] };
  toeOffs: { r: number[]; l: number[] };
}

export function syntheticGait(spec: SyntheticGait) {
  const T = spec.strideTime;
  const v = spec.speed;
  const t0 = spec.t0 ?? 0.3;
  const joints = { ...DEFAULT_JOINTS, ...spec.joints };
  const first = (side: 'r' | 'l') => t0 + (side === 'l' ? T / 2 : 0);
  // Strikes from one stride before the start (the foot is already on its way) to after the end.
  const strikes = (side: 'r' | 'l') => {
    const out: number[] = [];
    for (let t = first(side) - 2 * T; t < spec.duration + 2 * T; t += T) out.push(t);
    return out;
  };
  const truth: GaitTruth = { heelStrikes: { r: [], l: [] }, toeOffs: { r: [], l: [] } };
  for (const side of ['r', 'l'] as const) {
    for (const ts of strikes(side)) {
      if (ts >= 0 && ts <= spec.duration) truth.heelStrikes[side].push(ts);
      const to = ts + spec.stance * T;
      if (to >= 0 && to <= spec.duration) truth.toeOffs[side].push(to);
    }
  }
  const sideSign = { r: 1, l: -1 };

  /** Heel and toe (x, y, z) of a foot at time t. */
  const foot = (
    side: 'r' | 'l',
    t: number,
  ): { heel: [number, number, number]; toe: [number, number, number] } => {
    const k = Math.floor((t - first(side)) / T);
    const ts = first(side) + k * T;
    const to = ts + spec.stance * T;
    const print = (strike: number) => {
      if (spec.treadmill) return { p: [HEEL_AHEAD, 0] as V2, h: [1, 0] as V2 };
      const at = pathAt(spec, v * strike + HEEL_AHEAD);
      return at;
    };
    const place = (at: { p: V2; h: V2 }, back: number) => {
      const r: V2 = [-at.h[1], at.h[0]];
      const w = (sideSign[side] * spec.stepWidth) / 2;
      const hx = at.p[0] - back * at.h[0] + w * r[0];
      const hz = at.p[1] - back * at.h[1] + w * r[1];
      return {
        heel: [hx, HEEL_Y, hz] as [number, number, number],
        toe: [hx + FOOT * at.h[0], TOE_Y, hz + FOOT * at.h[1]] as [number, number, number],
      };
    };
    if (t < to) return place(print(ts), spec.treadmill ? v * (t - ts) : 0);
    // Swing from this footprint (left at toe off) to the next.
    const from = place(print(ts), spec.treadmill ? v * (to - ts) : 0);
    const next = print(ts + T);
    const dest = place(next, 0);
    const Ts = ts + T - to;
    const u = (t - to) / Ts;
    const fromH = spec.treadmill ? ([1, 0] as V2) : print(ts).h;
    const vel = spec.treadmill ? 0.2 * v : 1.2 * v;
    const lift = Math.sin(Math.PI * u);
    const curve = (
      a: [number, number, number],
      b: [number, number, number],
      y0: number,
    ): [number, number, number] => [
      hermite(a[0], b[0], vel * fromH[0], vel * next.h[0], Ts, u),
      y0 + 0.08 * lift,
      hermite(a[2], b[2], vel * fromH[1], vel * next.h[1], Ts, u),
    ];
    return { heel: curve(from.heel, dest.heel, HEEL_Y), toe: curve(from.toe, dest.toe, TOE_Y) };
  };

  const wave = (j: { mean: number; amp: number; phase: number }, phase: number) =>
    j.mean + j.amp * Math.cos(2 * Math.PI * (phase - j.phase));
  const b = new KinematicsBuilder();
  const n = Math.round(spec.duration * spec.fps) + 1;
  for (let i = 0; i < n; i++) {
    const t = i / spec.fps;
    const at = spec.treadmill ? { p: [0, 0] as V2, h: [1, 0] as V2 } : pathAt(spec, v * t);
    const phaseR = ((((t - first('r')) / T) % 1) + 1) % 1;
    const phaseL = ((((t - first('l')) / T) % 1) + 1) % 1;
    const sway = 0.02 * Math.sin(2 * Math.PI * phaseR);
    const r: V2 = [-at.h[1], at.h[0]];
    const pelvis: [number, number, number] = [
      at.p[0] + sway * r[0],
      0.95 + 0.015 * Math.cos(4 * Math.PI * phaseR),
      at.p[1] + sway * r[1],
    ];
    const tilt = 10 + 2 * Math.cos(4 * Math.PI * phaseR);
    const list = 4 * Math.sin(2 * Math.PI * phaseR);
    const rotation = 5 * Math.cos(2 * Math.PI * phaseR);
    const pelvisR = pelvisRotation(at.h, tilt, list, rotation);
    const fr = foot('r', t);
    const fl = foot('l', t);
    const ankle = (
      heel: [number, number, number],
      toe: [number, number, number],
    ): [number, number, number] => [
      heel[0] + 0.3 * (toe[0] - heel[0]),
      heel[1] + 0.05,
      heel[2] + 0.3 * (toe[2] - heel[2]),
    ];
    const legs = legPoints(pelvis, headingRotation(at.h), ankle(fr.heel, fr.toe), ankle(fl.heel, fl.toe));
    const torso = add(pelvis, applyRotation(pelvisR, [-0.03, 0.1, 0]));
    b.frame(
      t,
      { ...legs, heel_r: fr.heel, heel_l: fl.heel, toe_r: fr.toe, toe_l: fl.toe, pelvis, torso },
      pelvisR,
      trunkRotation(at.h, 5, 0),
      {
        pelvis_tilt: tilt,
        pelvis_list: list,
        pelvis_rotation: rotation,
        hip_flexion_r: wave(joints.hip, phaseR),
        hip_flexion_l: wave(joints.hip, phaseL),
        knee_angle_r: wave(joints.knee, phaseR),
        knee_angle_l: wave(joints.knee, phaseL),
        ankle_angle_r: wave(joints.ankle, phaseR),
        ankle_angle_l: wave(joints.ankle, phaseL),
        hip_adduction_r: wave(joints.adduction, phaseR),
        hip_adduction_l: wave(joints.adduction, phaseL),
        lumbar_extension: -5 + 3 * Math.cos(4 * Math.PI * phaseR),
      },
    );
  }
  return { kinematics: b.build(), truth };
}
