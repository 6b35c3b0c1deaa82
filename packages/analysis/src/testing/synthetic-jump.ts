/**
 * Jumps built by construction. Countermovement jump: standing, a dip, push-off (heels rise, toe tips leave last at
 * take-off), a ballistic flight of `flight` seconds for every point (so the pelvis rises g·T²/8 from take-off),
 * landing on the toes, absorption. Drop jump: standing on a `box` metres high, a free fall to the floor, a
 * ground contact of `contact` seconds, then the same flight and landing. Joint angles bump to chosen peaks
 * while absorbing the screened landing (drop jump: the box landing; countermovement jump: after the flight).
 */
import {
  hermite,
  KinematicsBuilder,
  legPoints,
  headingRotation,
  pelvisRotation,
  smoothStep,
  trunkRotation,
  add,
  applyRotation,
} from './synthetic';
import { TOE_TIP_SHARE } from '../events/contacts';

const G = 9.81;
const P0 = 0.95;

export interface SyntheticJump {
  kind: 'drop_jump' | 'counter_movement_jump';
  fps: number;
  flight: number;
  box?: number;
  contact?: number;
  peaks: { hip: number; knee: { r: number; l: number }; ankle: number };
  kneeInward?: { r: number; l: number };
  heading?: [number, number];
}

export function syntheticJump(spec: SyntheticJump) {
  const h = spec.heading ?? [1, 0];
  const right: [number, number] = [-h[1], h[0]];
  const v0 = (G * spec.flight) / 2;
  const box = spec.kind === 'drop_jump' ? (spec.box ?? 0.3) : 0;
  const stepOff = 1.0;
  const boxLanding = stepOff + Math.sqrt((2 * box) / G);
  const contact = spec.contact ?? 0.22;
  const takeOff = spec.kind === 'drop_jump' ? boxLanding + contact : 1.75;
  const landing = takeOff + spec.flight;
  const end = landing + 1.6;
  const screenFrom = spec.kind === 'drop_jump' ? boxLanding : landing;
  const screenTo = spec.kind === 'drop_jump' ? takeOff : landing + 0.6;

  /** Heel lift above flat (m), pelvis height, and the screened bump (0–1). */
  const state = (t: number) => {
    let pelvis = P0;
    let heelLift = 0;
    let lift = 0; // whole-body offset: box or flight
    if (t < takeOff) {
      if (spec.kind === 'drop_jump') {
        if (t < stepOff) lift = box;
        else if (t < boxLanding) lift = box - (G * (t - stepOff) ** 2) / 2;
        else {
          const vIn = -Math.sqrt(2 * G * box);
          const mid = boxLanding + contact / 2;
          pelvis =
            t < mid
              ? hermite(P0, P0 - 0.15, vIn, 0, contact / 2, (t - boxLanding) / (contact / 2))
              : hermite(P0 - 0.15, P0 + 0.05, 0, v0, contact / 2, (t - mid) / (contact / 2));
          heelLift = 0.08 * smoothStep((t - (takeOff - 0.06)) / 0.06);
        }
      } else if (t >= 1.0) {
        pelvis =
          t < 1.4
            ? P0 - 0.25 * smoothStep((t - 1.0) / 0.4)
            : hermite(P0 - 0.25, P0 + 0.05, 0, v0, takeOff - 1.4, (t - 1.4) / (takeOff - 1.4));
        heelLift = 0.08 * smoothStep((t - 1.55) / (takeOff - 1.55));
      }
    } else if (t < landing) {
      const tau = t - takeOff;
      pelvis = P0 + 0.05;
      heelLift = 0.08;
      lift = v0 * tau - (G * tau * tau) / 2;
    } else {
      const tau = t - landing;
      pelvis =
        tau < 0.3
          ? hermite(P0 + 0.05, P0 - 0.2, -v0, 0, 0.3, tau / 0.3)
          : P0 - 0.2 + 0.2 * smoothStep((tau - 0.3) / 0.6);
      heelLift = 0.08 * (1 - smoothStep(tau / 0.1));
    }
    const u = (t - screenFrom) / (screenTo - screenFrom);
    const bump = u > 0 && u < 1 ? Math.sin(Math.PI * u) ** 2 : 0;
    return { pelvis: pelvis + lift, heelLift, lift, bump };
  };

  const b = new KinematicsBuilder();
  const n = Math.round(end * spec.fps) + 1;
  for (let i = 0; i < n; i++) {
    const t = i / spec.fps;
    const s = state(t);
    const foot = (side: 'r' | 'l') => {
      const sign = side === 'r' ? 1 : -1;
      const x = 0.1 * sign * right[0];
      const z = 0.1 * sign * right[1];
      // As in the models: heel (calcaneus) and toe (MTP joint) points above the sole; the toe tip, on their
      // line TOE_TIP_SHARE of the heel-to-toe distance beyond the MTP, stays down while the heel lifts.
      const heelY = 0.05 + s.heelLift + s.lift;
      const tipY = 0.03 - 0.02 * TOE_TIP_SHARE + s.lift;
      const toe: [number, number, number] = [
        x + 0.12 * h[0],
        (tipY + TOE_TIP_SHARE * heelY) / (1 + TOE_TIP_SHARE),
        z + 0.12 * h[1],
      ];
      const heel: [number, number, number] = [x - 0.05 * h[0], heelY, z - 0.05 * h[1]];
      return {
        heel,
        toe,
        ankle: [heel[0] + 0.05 * h[0], heel[1] + 0.05, heel[2] + 0.05 * h[1]] as [number, number, number],
      };
    };
    const fr = foot('r');
    const fl = foot('l');
    const pelvis: [number, number, number] = [0, s.pelvis, 0];
    const inward = { r: (spec.kneeInward?.r ?? 0) * s.bump, l: (spec.kneeInward?.l ?? 0) * s.bump };
    const pelvisR = pelvisRotation(h, 0, 0, 0);
    b.frame(
      t,
      {
        ...legPoints(pelvis, headingRotation(h), fr.ankle, fl.ankle, inward),
        heel_r: fr.heel,
        heel_l: fl.heel,
        toe_r: fr.toe,
        toe_l: fl.toe,
        pelvis,
        torso: add(pelvis, applyRotation(pelvisR, [-0.03, 0.1, 0])),
      },
      pelvisR,
      trunkRotation(h, 20 * s.bump, 0),
      {
        hip_flexion_r: spec.peaks.hip * s.bump,
        hip_flexion_l: spec.peaks.hip * s.bump,
        knee_angle_r: spec.peaks.knee.r * s.bump,
        knee_angle_l: spec.peaks.knee.l * s.bump,
        ankle_angle_r: spec.peaks.ankle * s.bump,
        ankle_angle_l: spec.peaks.ankle * s.bump,
      },
    );
  }
  return {
    kinematics: b.build(),
    truth: { boxLanding: spec.kind === 'drop_jump' ? boxLanding : null, takeOff, landing },
  };
}
