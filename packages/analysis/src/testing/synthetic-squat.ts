/**
 * Squats built by construction: the pelvis lowers by `depth` along (1 − cos)/2 over each repetition, standing
 * still in between; joint angles and trunk inclination follow the same profile to their chosen peaks; for a
 * single-leg repetition one foot is held 15 cm above the floor from 0.2 s before to 0.2 s after it.
 */
import {
  headingRotation,
  KinematicsBuilder,
  legPoints,
  pelvisRotation,
  trunkRotation,
  add,
  applyRotation,
} from './synthetic';

export interface SquatRepSpec {
  depth: number;
  duration: number;
  type?: 'double_leg' | 'single_leg_r' | 'single_leg_l';
  knee: number;
  hip: number;
  ankle: number;
  trunkFlexion: number;
  trunkLean?: number;
  /** Knee offset towards the midline (m), for frontal-plane angles. */
  kneeInward?: number;
}

export interface SyntheticSquats {
  fps: number;
  reps: SquatRepSpec[];
  pause?: number;
  standing?: number;
  /** Facing direction (x, z). */
  heading?: [number, number];
}

export function syntheticSquats(spec: SyntheticSquats) {
  const pause = spec.pause ?? 0.8;
  const h: [number, number] = spec.heading ?? [1, 0];
  const right: [number, number] = [-h[1], h[0]];
  const standing = spec.standing ?? 0.95;
  const starts: number[] = [];
  let t = pause;
  for (const r of spec.reps) {
    starts.push(t);
    t += r.duration + pause;
  }
  const duration = t;
  const b = new KinematicsBuilder();
  const n = Math.round(duration * spec.fps) + 1;
  for (let i = 0; i < n; i++) {
    const time = i / spec.fps;
    const k = starts.findIndex((s, j) => time >= s - 0.2 && time <= s + spec.reps[j].duration + 0.2);
    const rep = k >= 0 ? spec.reps[k] : null;
    const u = rep ? Math.max(0, Math.min(1, (time - starts[k]) / rep.duration)) : 0;
    const w = rep ? (1 - Math.cos(2 * Math.PI * u)) / 2 : 0;
    const pelvis: [number, number, number] = [0, standing - (rep?.depth ?? 0) * w, 0];
    const foot = (side: 'r' | 'l') => {
      const s = side === 'r' ? 1 : -1;
      const lifted = rep && rep.type === `single_leg_${side === 'r' ? 'l' : 'r'}` ? 0.15 : 0;
      const heel: [number, number, number] = [
        0.1 * s * right[0] - 0.05 * h[0],
        0.05 + lifted,
        0.1 * s * right[1] - 0.05 * h[1],
      ];
      const toe: [number, number, number] = [heel[0] + 0.17 * h[0], 0.03 + lifted, heel[2] + 0.17 * h[1]];
      const ankle: [number, number, number] = [heel[0] + 0.05 * h[0], heel[1] + 0.05, heel[2] + 0.05 * h[1]];
      return { heel, toe, ankle };
    };
    const fr = foot('r');
    const fl = foot('l');
    const inward = (rep?.kneeInward ?? 0) * w;
    const legs = legPoints(pelvis, headingRotation(h), fr.ankle, fl.ankle, { r: inward, l: inward });
    const pelvisR = pelvisRotation(h, 0, 0, 0);
    b.frame(
      time,
      {
        ...legs,
        heel_r: fr.heel,
        heel_l: fl.heel,
        toe_r: fr.toe,
        toe_l: fl.toe,
        pelvis,
        torso: add(pelvis, applyRotation(pelvisR, [-0.03, 0.1, 0])),
      },
      pelvisR,
      trunkRotation(h, (rep?.trunkFlexion ?? 0) * w, (rep?.trunkLean ?? 0) * w),
      Object.fromEntries(
        (['r', 'l'] as const).flatMap((s) => [
          [`hip_flexion_${s}`, (rep?.hip ?? 0) * w],
          [`knee_angle_${s}`, (rep?.knee ?? 0) * w],
          [`ankle_angle_${s}`, (rep?.ankle ?? 0) * w],
        ]),
      ),
    );
  }
  return { kinematics: b.build(), starts };
}
