/**
 * Balance built by construction: a subject standing still on both feet, lifting one foot (by `lift` metres)
 * over chosen intervals, while the pelvis sways on a circle of `swayRadius` metres (one turn per `swayPeriod`
 * seconds) and the trunk leans sideways (+ right) by `lean(t)` degrees; facing `heading`.
 */
import {
  add,
  applyRotation,
  headingRotation,
  KinematicsBuilder,
  legPoints,
  pelvisRotation,
  trunkRotation,
} from './synthetic';

export interface SyntheticBalance {
  fps: number;
  duration: number;
  /** Intervals (s) with that foot lifted. */
  lifted: { r: [number, number][]; l: [number, number][] };
  lift?: number;
  swayRadius: number;
  swayPeriod: number;
  lean: (t: number) => number;
  heading?: [number, number];
}

export function syntheticBalance(spec: SyntheticBalance) {
  const h = spec.heading ?? [1, 0];
  const right: [number, number] = [-h[1], h[0]];
  const b = new KinematicsBuilder();
  const n = Math.round(spec.duration * spec.fps) + 1;
  const up = (side: 'r' | 'l', t: number) =>
    spec.lifted[side].some(([a, z]) => t >= a && t <= z) ? (spec.lift ?? 0.15) : 0;
  for (let i = 0; i < n; i++) {
    const t = i / spec.fps;
    const phase = (2 * Math.PI * t) / spec.swayPeriod;
    const sx = spec.swayRadius * Math.cos(phase);
    const sz = spec.swayRadius * Math.sin(phase);
    const pelvis: [number, number, number] = [sx, 0.95, sz];
    const foot = (side: 'r' | 'l') => {
      const w = side === 'r' ? 0.1 : -0.1;
      const x = w * right[0];
      const z = w * right[1];
      const y = up(side, t);
      return {
        heel: [x - 0.05 * h[0], 0.05 + y, z - 0.05 * h[1]] as [number, number, number],
        toe: [x + 0.12 * h[0], 0.03 + y, z + 0.12 * h[1]] as [number, number, number],
        ankle: [x, 0.1 + y, z] as [number, number, number],
      };
    };
    const fr = foot('r');
    const fl = foot('l');
    const pelvisR = pelvisRotation(h, 0, 0, 0);
    b.frame(
      t,
      {
        ...legPoints(pelvis, headingRotation(h), fr.ankle, fl.ankle),
        heel_r: fr.heel,
        heel_l: fl.heel,
        toe_r: fr.toe,
        toe_l: fl.toe,
        pelvis,
        torso: add(pelvis, applyRotation(pelvisR, [-0.03, 0.1, 0])),
      },
      pelvisR,
      trunkRotation(h, 0, spec.lean(t)),
      {},
    );
  }
  return b.build();
}
