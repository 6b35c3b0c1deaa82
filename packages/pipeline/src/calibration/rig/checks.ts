import { cameraCenter, projectPoint, type CameraModel, type Vec3 } from '../../camera/camera-model';
import type { BoardSpec, Point2 } from '../types';
import { boardToWorld, cornersInWorld, dot3, norm3, poseCandidates } from './poses';
import { sharedSeconds, MIN_SHARED_SEC, type RigWindow, type StillSegment } from './still';

/** A camera with a world model, and the still segments of its recording. */
export interface PlacedCamera {
  /** Index in the rig's inputs. */
  index: number;
  model: CameraModel;
  segments: StillSegment[];
  ambiguous: boolean;
}

export interface PairAgreement {
  a: number;
  b: number;
  /** Worst mean distance between the board's corners as the two cameras place them (metres). */
  metres: number;
  /** The board placed by one camera reprojected into the other (RMS pixels, both ways averaged). */
  px: number;
  /** Disagreement allowed for this pair (metres). */
  limitM: number;
}

/** Disagreement allowed: 5 cm, or 3% of the distance to the board (lens estimated from the recording). */
export function agreementLimitM(distanceM: number): number {
  return Math.max(0.05, 0.03 * distanceM);
}

const meanDistance = (a: Vec3[], b: Vec3[]) =>
  a.reduce((s, p, i) => s + Math.hypot(p[0] - b[i][0], p[1] - b[i][1], p[2] - b[i][2]), 0) / a.length;

function reprojectionRms(model: CameraModel, points: Vec3[], corners: Point2[]): number {
  let s = 0;
  let n = 0;
  points.forEach((p, i) => {
    const q = projectPoint(model, p);
    if (!q) return;
    s += (q[0] - corners[i][0]) ** 2 + (q[1] - corners[i][1]) ** 2;
    n++;
  });
  return n ? Math.sqrt(s / n) : Infinity;
}

/**
 * Do the cameras agree where the board was at the other moments they both saw it still? For every pair of
 * placed cameras and every pair of their still segments that overlap in time (other than the pair used for
 * the extrinsics), each camera places the board in the world from its own view; the two placements must
 * coincide. Each camera's two planar solutions are tried and the closest pair kept, so that the ambiguity of a
 * distant board does not count as disagreement. Only possible with times (`timed`).
 */
export function pairAgreements(cams: PlacedCamera[], window: RigWindow, board: BoardSpec): PairAgreement[] {
  const out: PairAgreement[] = [];
  for (let i = 0; i < cams.length; i++)
    for (let j = i + 1; j < cams.length; j++) {
      const A = cams[i];
      const B = cams[j];
      let worst: PairAgreement | null = null;
      for (const sa of A.segments)
        for (const sb of B.segments) {
          if (sharedSeconds(sa, sb) < MIN_SHARED_SEC) continue;
          if (window.members.get(A.index) === sa && window.members.get(B.index) === sb) continue;
          const ca = poseCandidates(A.model.intrinsics, board, sa.corners, sa.ambiguous);
          const cb = poseCandidates(B.model.intrinsics, board, sb.corners, sb.ambiguous);
          let best: { metres: number; px: number; dist: number } | null = null;
          for (const ka of ca)
            for (const kb of cb) {
              const wa = cornersInWorld(board, boardToWorld(A.model.extrinsics, ka.pose));
              const wb = cornersInWorld(board, boardToWorld(B.model.extrinsics, kb.pose));
              const metres = meanDistance(wa, wb);
              if (best && metres >= best.metres) continue;
              const px =
                (reprojectionRms(B.model, wa, kb.corners) + reprojectionRms(A.model, wb, ka.corners)) / 2;
              const centre = wa.reduce<Vec3>(
                (s, p) => [s[0] + p[0] / wa.length, s[1] + p[1] / wa.length, s[2] + p[2] / wa.length],
                [0, 0, 0],
              );
              const dist =
                (distanceTo(cameraCenter(A.model.extrinsics), centre) +
                  distanceTo(cameraCenter(B.model.extrinsics), centre)) /
                2;
              best = { metres, px, dist };
            }
          if (!best) continue;
          const limitM = agreementLimitM(best.dist);
          if (!worst || best.metres / limitM > worst.metres / worst.limitM)
            worst = { a: A.index, b: B.index, metres: best.metres, px: best.px, limitM };
        }
      if (worst) out.push(worst);
    }
  return out;
}

export const distanceTo = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * Cameras to refuse for disagreeing pairs: a camera that disagrees with at least two others (and more than
 * any other camera does) is the odd one; otherwise both cameras of a disagreeing pair are refused, since
 * nothing tells which one is wrong. Cameras in `keep` (kept from an earlier calibration) are never refused.
 */
export function disagreeingCameras(pairs: PairAgreement[], keep: Set<number>): Map<number, PairAgreement> {
  const bad = pairs.filter((p) => p.metres > p.limitM);
  const refused = new Map<number, PairAgreement>();
  const remaining = [...bad];
  while (remaining.length) {
    const count = new Map<number, number>();
    for (const p of remaining)
      for (const c of [p.a, p.b]) if (!keep.has(c)) count.set(c, (count.get(c) ?? 0) + 1);
    if (count.size === 0) break;
    const [worst, n] = [...count.entries()].sort((x, y) => y[1] - x[1])[0];
    const ties = [...count.values()].filter((v) => v === n).length;
    const victims = n >= 2 && ties === 1 ? [worst] : [...count.keys()];
    for (const v of victims) {
      const pair = remaining.filter((p) => p.a === v || p.b === v).sort((x, y) => y.metres - x.metres)[0];
      if (pair) refused.set(v, pair);
    }
    for (let k = remaining.length - 1; k >= 0; k--)
      if (victims.includes(remaining[k].a) || victims.includes(remaining[k].b)) remaining.splice(k, 1);
  }
  return refused;
}

/** Measured angle between the board's face and the floor (0 flat, 90 upright). */
export interface BoardTilt {
  deg: number;
  /** False when all cameras face the same way and only their (less exact) image-down axes could be used. */
  exact: boolean;
}

const cross3 = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * Angle between the board's face and the floor, from the cameras' own axes: phones on tripods stand upright,
 * so their image x axes are level and gravity is perpendicular to them all. Gravity is taken from the pair of
 * cameras whose x axes are furthest from parallel that most other cameras agree with (a phone on its side
 * has a vertical x axis and is left out). With all cameras facing the same way the x axes cannot tell the
 * gravity's tilt about them; the mean image-down axis (tilted by the cameras' pitch) is used instead.
 */
export function boardTilt(models: CameraModel[], boardNormalWorld: Vec3): BoardTilt | undefined {
  if (models.length === 0) return undefined;
  const xs = models.map((m) => norm3([m.extrinsics.R[0], m.extrinsics.R[1], m.extrinsics.R[2]]));
  const ys = models.map((m) => norm3([m.extrinsics.R[3], m.extrinsics.R[4], m.extrinsics.R[5]]));
  const level = Math.sin((20 * Math.PI) / 180);
  let best: { g: Vec3; inliers: number; spread: number } | null = null;
  for (let i = 0; i < xs.length; i++)
    for (let j = i + 1; j < xs.length; j++) {
      const c = cross3(xs[i], xs[j]);
      const spread = Math.hypot(...c);
      if (spread < Math.sin((15 * Math.PI) / 180)) continue;
      const g = norm3(c);
      // Inliers: level x axis and image-down within 70° of gravity (either sign: not known yet).
      const inliers = xs.filter(
        (x, k) => Math.abs(dot3(x, g)) < level && Math.abs(dot3(ys[k], g)) > 0.34,
      ).length;
      if (!best || inliers > best.inliers || (inliers === best.inliers && spread > best.spread))
        best = { g, inliers, spread };
    }
  const n = norm3(boardNormalWorld);
  const tiltOf = (g: Vec3) => (Math.acos(Math.min(1, Math.abs(dot3(norm3(g), n)))) * 180) / Math.PI;
  if (best && best.inliers >= 2) return { deg: tiltOf(best.g), exact: true };
  const down = ys.reduce<Vec3>((s, y) => [s[0] + y[0], s[1] + y[1], s[2] + y[2]], [0, 0, 0]);
  return { deg: tiltOf(down), exact: false };
}

/**
 * The placement agrees with the measured tilt unless it is clearly the other one: Lying refused above 50°,
 * Perpendicular below 40° (65° and 25° when the tilt is only roughly known).
 */
export function placementAgrees(placement: 'Perpendicular' | 'Lying', tilt: BoardTilt | undefined): boolean {
  if (!tilt) return true;
  const margin = tilt.exact ? 5 : 20;
  return placement === 'Lying' ? tilt.deg <= 45 + margin : tilt.deg >= 45 - margin;
}
