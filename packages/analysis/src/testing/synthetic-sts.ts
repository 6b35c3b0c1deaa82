/**
 * Five times sit-to-stand built by construction: seated for `seated` s, the pelvis rises along a smooth step
 * over `rise` s, stands for `stand` s, sits down over `sit` s; the trunk flexes forward to `trunk`° around
 * seat-off; hips and knees go from 90° seated to 0° standing.
 */
import {
  KinematicsBuilder,
  legPoints,
  headingRotation,
  pelvisRotation,
  smoothStep,
  trunkRotation,
  add,
  applyRotation,
} from './synthetic';

export interface SyntheticSts {
  fps: number;
  reps: number;
  rise: number;
  stand: number;
  sit: number;
  seated: number;
  trunk: number[];
}

const SEAT = 0.55;
const STAND = 0.95;

/** The time into a rise at which smoothStep reaches `f` (bisection). */
export function smoothStepInverse(f: number): number {
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (smoothStep(mid) < f) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export function syntheticSitToStand(spec: SyntheticSts) {
  const period = spec.rise + spec.stand + spec.sit + spec.seated;
  const starts = Array.from({ length: spec.reps }, (_, k) => spec.seated + k * period);
  const end = spec.seated + spec.reps * period;
  const h: [number, number] = [1, 0];
  const b = new KinematicsBuilder();
  const n = Math.round(end * spec.fps) + 1;
  for (let i = 0; i < n; i++) {
    const t = i / spec.fps;
    let up = 0;
    let trunk = 0;
    starts.forEach((s, k) => {
      const u = t - s;
      if (u >= 0 && u < spec.rise) up = smoothStep(u / spec.rise);
      else if (u >= spec.rise && u < spec.rise + spec.stand) up = 1;
      else if (u >= spec.rise + spec.stand && u < spec.rise + spec.stand + spec.sit)
        up = 1 - smoothStep((u - spec.rise - spec.stand) / spec.sit);
      // Forward lean from 0.5 s before the rise to its middle, peaking at the start of the rise.
      const lean = (t - (s - 0.5)) / (0.5 + spec.rise / 2);
      if (lean > 0 && lean < 1) trunk = Math.max(trunk, spec.trunk[k] * Math.sin(Math.PI * lean) ** 2);
    });
    const pelvis: [number, number, number] = [0, SEAT + (STAND - SEAT) * up, 0];
    const feet = (s: number) => {
      const heel: [number, number, number] = [0.25, 0.05, 0.1 * s];
      return {
        heel,
        toe: [0.42, 0.03, 0.1 * s] as [number, number, number],
        ankle: [0.3, 0.1, 0.1 * s] as [number, number, number],
      };
    };
    const fr = feet(1);
    const fl = feet(-1);
    const R = pelvisRotation(h, 0, 0, 0);
    b.frame(
      t,
      {
        ...legPoints(pelvis, headingRotation(h), fr.ankle, fl.ankle),
        heel_r: fr.heel,
        heel_l: fl.heel,
        toe_r: fr.toe,
        toe_l: fl.toe,
        pelvis,
        torso: add(pelvis, applyRotation(R, [-0.03, 0.1, 0])),
      },
      R,
      trunkRotation(h, trunk, 0),
      {
        hip_flexion_r: 90 * (1 - up),
        hip_flexion_l: 90 * (1 - up),
        knee_angle_r: 90 * (1 - up),
        knee_angle_l: 90 * (1 - up),
      },
    );
  }
  const at = (f: number) => smoothStepInverse(f) * spec.rise;
  return {
    kinematics: b.build(),
    truth: {
      /** Onset (5 % up) and stand (95 % up) of each rise. */
      onsets: starts.map((s) => s + at(0.05)),
      stands: starts.map((s) => s + at(0.95)),
      period,
    },
  };
}
