/**
 * Trials built by construction for the analysis tests and bench: feet, pelvis and trunk trajectories whose
 * events (contacts, repetitions, flights) are chosen, so every metric has a known true value.
 */
import { KINEMATIC_POINTS, type TrialKinematics } from '../types';

const DEG = Math.PI / 180;

/** Row-major rotation matrices. */
export type Mat3 = number[];
const rotY = (a: number): Mat3 => [Math.cos(a), 0, Math.sin(a), 0, 1, 0, -Math.sin(a), 0, Math.cos(a)];
const rotZ = (a: number): Mat3 => [Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1];
const rotX = (a: number): Mat3 => [1, 0, 0, 0, Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a)];
export function mul(a: Mat3, b: Mat3): Mat3 {
  const out = new Array(9).fill(0);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[3 * r + c] += a[3 * r + k] * b[3 * k + c];
  return out;
}
const apply = (R: Mat3, v: [number, number, number]): [number, number, number] => [
  R[0] * v[0] + R[1] * v[1] + R[2] * v[2],
  R[3] * v[0] + R[4] * v[1] + R[5] * v[2],
  R[6] * v[0] + R[7] * v[1] + R[8] * v[2],
];

/** The rotation about the vertical that turns +x into the horizontal heading (hx, hz). */
export function headingRotation(h: [number, number]): Mat3 {
  return rotY(Math.atan2(-h[1], h[0]));
}

/** OpenSim's pelvis order: R = Rz(tilt)·Rx(list)·Ry(rotation) (degrees), after the heading. */
export function pelvisRotation(h: [number, number], tilt: number, list: number, rotation: number): Mat3 {
  return mul(headingRotation(h), mul(rotZ(tilt * DEG), mul(rotX(list * DEG), rotY(rotation * DEG))));
}

/** Trunk inclined forward (flexion, about the right axis) and to the right (lean), degrees, after the heading. */
export function trunkRotation(h: [number, number], flexion: number, lean: number): Mat3 {
  // Flexion tips +y towards +x: rotation about z by −flexion. Lean tips +y towards +z: about x by +lean.
  return mul(headingRotation(h), mul(rotX(lean * DEG), rotZ(-flexion * DEG)));
}

/** Accumulates frames into a TrialKinematics. */
export class KinematicsBuilder {
  readonly time: number[] = [];
  readonly coords = new Map<string, number[]>();
  readonly pts = new Map<string, number[]>();
  readonly segs = { pelvis: [] as number[], torso: [] as number[] };

  frame(
    t: number,
    points: Partial<Record<(typeof KINEMATIC_POINTS)[number], [number, number, number]>>,
    pelvisR: Mat3,
    torsoR: Mat3,
    coordinates: Record<string, number>,
  ): void {
    this.time.push(t);
    for (const name of KINEMATIC_POINTS) {
      const p = points[name];
      if (!p) throw new Error(`synthetic frame lacks ${name}`);
      let arr = this.pts.get(name);
      if (!arr) this.pts.set(name, (arr = []));
      arr.push(...p);
    }
    this.segs.pelvis.push(...pelvisR);
    this.segs.torso.push(...torsoR);
    for (const [k, v] of Object.entries(coordinates)) {
      let arr = this.coords.get(k);
      if (!arr) this.coords.set(k, (arr = []));
      arr.push(v);
    }
  }

  build(): TrialKinematics {
    return {
      time: Float64Array.from(this.time),
      coordinates: Object.fromEntries([...this.coords].map(([k, v]) => [k, Float64Array.from(v)])),
      points: Object.fromEntries(
        [...this.pts].map(([k, v]) => [k, Float64Array.from(v)]),
      ) as TrialKinematics['points'],
      segments: { pelvis: Float64Array.from(this.segs.pelvis), torso: Float64Array.from(this.segs.torso) },
    };
  }
}

/** Legs hanging from the pelvis to the ankles, so leg length and frontal knee angles are defined. */
export function legPoints(
  pelvis: [number, number, number],
  R: Mat3,
  ankleR: [number, number, number],
  ankleL: [number, number, number],
  kneeInward = { r: 0, l: 0 },
) {
  const hipR = add(pelvis, apply(R, [-0.05, -0.08, 0.085]));
  const hipL = add(pelvis, apply(R, [-0.05, -0.08, -0.085]));
  const right = apply(R, [0, 0, 1]);
  const knee = (hip: [number, number, number], ankle: [number, number, number], inward: number) => {
    const mid = scaleAdd(hip, ankle, 0.5);
    return add(mid, apply(R, [0.04, 0, 0]), [-right[0] * inward, -right[1] * inward, -right[2] * inward]);
  };
  return {
    hip_r: hipR,
    hip_l: hipL,
    knee_r: knee(hipR, ankleR, kneeInward.r),
    knee_l: knee(hipL, ankleL, -kneeInward.l),
    ankle_r: ankleR,
    ankle_l: ankleL,
  };
}

export function add(...vs: [number, number, number][]): [number, number, number] {
  return vs.reduce<[number, number, number]>((a, v) => [a[0] + v[0], a[1] + v[1], a[2] + v[2]], [0, 0, 0]);
}
function scaleAdd(
  a: [number, number, number],
  b: [number, number, number],
  f: number,
): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Cubic Hermite between p0 and p1 over duration T with end velocities v0, v1 (per second). */
export function hermite(p0: number, p1: number, v0: number, v1: number, T: number, u: number): number {
  const u2 = u * u;
  const u3 = u2 * u;
  return (
    (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * T * v0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * T * v1
  );
}

/** Smooth 0 → 1 over u in [0, 1] (zero slope at both ends). */
export function smoothStep(u: number): number {
  const x = Math.max(0, Math.min(1, u));
  return x * x * x * (10 + x * (-15 + 6 * x));
}

export { apply as applyRotation, rotY, rotZ, rotX };
