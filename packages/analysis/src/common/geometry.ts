import type { KinematicPoint, KinematicSegment, TrialKinematics } from '../types';

/**
 * Geometry on the ground frame (Y up). A heading is a unit horizontal vector (x, z); 'right' is heading × up,
 * which is +z for a heading of +x (OpenSim: x forward, y up, z right).
 */
export type Vec3 = [number, number, number];

export function point(kin: TrialKinematics, name: KinematicPoint, frame: number): Vec3 {
  const p = kin.points[name];
  return [p[3 * frame], p[3 * frame + 1], p[3 * frame + 2]];
}

/** One axis (column 0 = x, 1 = y, 2 = z) of a segment's orientation at a frame, in ground. */
export function segmentAxis(
  kin: TrialKinematics,
  seg: KinematicSegment,
  frame: number,
  axis: 0 | 1 | 2,
): Vec3 {
  const R = kin.segments[seg];
  const o = 9 * frame;
  return [R[o + axis], R[o + 3 + axis], R[o + 6 + axis]];
}

/** Height (y) of a point over all frames. */
export function heights(kin: TrialKinematics, name: KinematicPoint): Float64Array {
  const p = kin.points[name];
  const n = p.length / 3;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = p[3 * i + 1];
  return out;
}

/** Unit horizontal vector of (x, z), or null when it is (almost) vertical or zero. */
export function horizontalUnit(v: Vec3 | [number, number]): [number, number] | null {
  const x = v.length === 3 ? v[0] : v[0];
  const z = v.length === 3 ? v[2] : v[1];
  const len = Math.hypot(x, z);
  return len > 1e-9 ? [x / len, z / len] : null;
}

/** Right-hand horizontal direction for a heading: heading × up. */
export function rightOf(h: [number, number]): [number, number] {
  // (hx, 0, hz) × (0, 1, 0) = (−hz, 0, hx)
  return [-h[1], h[0]];
}

export function dot2(a: [number, number], x: number, z: number): number {
  return a[0] * x + a[1] * z;
}

/** Angle between two horizontal unit vectors (degrees, 0–180). */
export function angleBetween(a: [number, number], b: [number, number]): number {
  return (Math.acos(Math.max(-1, Math.min(1, a[0] * b[0] + a[1] * b[1]))) * 180) / Math.PI;
}

/** Mean of horizontal unit vectors, normalised (null if they cancel). */
export function meanHeading(headings: [number, number][]): [number, number] | null {
  let x = 0;
  let z = 0;
  for (const h of headings) {
    x += h[0];
    z += h[1];
  }
  return horizontalUnit([x, z]);
}

/** The pelvis' forward axis projected on the ground, per frame (null where the pelvis points up or down). */
export function pelvisHeading(kin: TrialKinematics, frame: number): [number, number] | null {
  return horizontalUnit(segmentAxis(kin, 'pelvis', frame, 0));
}

/**
 * The subject's facing direction over a range of frames: the mean of the pelvis' forward axis. Used where the
 * subject stays in place (squats, jumps, sit-to-stand).
 */
export function facingHeading(kin: TrialKinematics, start: number, end: number): [number, number] {
  const hs: [number, number][] = [];
  for (let i = start; i < end; i++) {
    const h = pelvisHeading(kin, i);
    if (h) hs.push(h);
  }
  return meanHeading(hs) ?? [1, 0];
}

const DEG = 180 / Math.PI;

/**
 * Trunk inclination (degrees) in a heading frame, from the torso's long axis: flexion is its forward angle
 * from vertical within the sagittal plane (+ forward); lean is its angle out of the sagittal plane (+ to the
 * right), which stays meaningful however far the trunk bends forward.
 */
export function trunkAngles(kin: TrialKinematics, frame: number, heading: [number, number]) {
  const u = segmentAxis(kin, 'torso', frame, 1);
  const right = rightOf(heading);
  const fwd = dot2(heading, u[0], u[2]);
  const side = dot2(right, u[0], u[2]);
  return {
    flexion: Math.atan2(fwd, u[1]) * DEG,
    lean: Math.asin(Math.max(-1, Math.min(1, side / (Math.hypot(u[0], u[1], u[2]) || 1)))) * DEG,
  };
}

/**
 * The pelvis' orientation relative to a heading, as OpenSim's pelvis coordinates (body-fixed Z-X-Y: tilt,
 * list, rotation; degrees). With the heading +x these equal pelvis_tilt, pelvis_list and pelvis_rotation; for
 * a subject walking any other way they stay anatomical (a subject walking back along −x keeps a forward tilt
 * positive).
 */
export function pelvisAnglesInHeading(kin: TrialKinematics, frame: number, heading: [number, number]) {
  const R = kin.segments.pelvis;
  const o = 9 * frame;
  // Heading frame H has columns forward f = (hx, 0, hz), up (0, 1, 0), right r = (−hz, 0, hx). Rrel = Hᵀ·R.
  const [hx, hz] = heading;
  const row = (r: number, c: number) => R[o + 3 * r + c];
  const rel = (r: number, c: number) => {
    if (r === 0) return hx * row(0, c) + hz * row(2, c);
    if (r === 1) return row(1, c);
    return -hz * row(0, c) + hx * row(2, c);
  };
  // R = Rz(tilt)·Rx(list)·Ry(rotation): R21 = sin(list), R01 = −sin(tilt)cos(list), R11 = cos(tilt)cos(list),
  // R20 = −cos(list)sin(rot), R22 = cos(list)cos(rot).
  const list = Math.asin(Math.max(-1, Math.min(1, rel(2, 1))));
  const tilt = Math.atan2(-rel(0, 1), rel(1, 1));
  const rotation = Math.atan2(-rel(2, 0), rel(2, 2));
  return { tilt: tilt * DEG, list: list * DEG, rotation: rotation * DEG };
}

/**
 * Frontal-plane projection angle of the knee (degrees): the angle between thigh (hip → knee) and shank
 * (knee → ankle) projected on the frontal plane, which the hip joint centres span with the vertical; positive
 * when the knee lies medial of the hip–ankle line (valgus), as in 2D video screening (Willson & Davis 2008,
 * Herrington & Munro 2010).
 */
export function kneeFrontalAngle(kin: TrialKinematics, frame: number, side: 'r' | 'l'): number {
  const hip = point(kin, `hip_${side}`, frame);
  const otherHip = point(kin, side === 'r' ? 'hip_l' : 'hip_r', frame);
  const outward = horizontalUnit([hip[0] - otherHip[0], hip[2] - otherHip[2]]) ?? [0, 1];
  const proj = (p: Vec3): [number, number] => [dot2(outward, p[0], p[2]), p[1]];
  const h = proj(hip);
  const k = proj(point(kin, `knee_${side}`, frame));
  const a = proj(point(kin, `ankle_${side}`, frame));
  const thigh = [k[0] - h[0], k[1] - h[1]];
  const shank = [a[0] - k[0], a[1] - k[1]];
  const cos =
    (thigh[0] * shank[0] + thigh[1] * shank[1]) / (Math.hypot(...thigh) * Math.hypot(...shank) || 1);
  const angle = Math.acos(Math.max(-1, Math.min(1, cos))) * DEG;
  // Outward offset of the knee from the hip–ankle line at the knee's height: negative = medial = valgus.
  const f = a[1] === h[1] ? 0.5 : (k[1] - h[1]) / (a[1] - h[1]);
  const offset = k[0] - (h[0] + f * (a[0] - h[0]));
  return offset < 0 ? angle : -angle;
}

/** Leg length (m): median over frames of thigh (hip–knee) plus shank (knee–ankle), mean of both sides. */
export function legLength(kin: TrialKinematics): number {
  const n = kin.time.length;
  const step = Math.max(1, Math.floor(n / 200));
  const lengths: number[] = [];
  const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  for (let i = 0; i < n; i += step) {
    for (const s of ['r', 'l'] as const) {
      lengths.push(
        dist(point(kin, `hip_${s}`, i), point(kin, `knee_${s}`, i)) +
          dist(point(kin, `knee_${s}`, i), point(kin, `ankle_${s}`, i)),
      );
    }
  }
  lengths.sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)];
}
