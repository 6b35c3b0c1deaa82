/**
 * Limb-length-constrained refinement of triangulated keypoints (the "spatial constraints" of Anipose,
 * Karashchuk et al. 2021): per frame, every keypoint moves to minimise its robust reprojection error in the
 * cameras that triangulation kept, plus a soft penalty on the deviation of each rigid limb from its length
 * over the whole trial. A 2D detector's errors differ from view to view and from frame to frame, so a lone
 * triangulation lets a forearm stretch and shrink by centimetres; bones do not, and the prior pulls each joint
 * back along the direction the cameras know least about.
 */
import type { CameraModel } from '../camera/camera-model';
import { undistortToNormalized } from '../camera/camera-model';
import { solveLinear } from '../calibration/math/linalg';
import type { Keypoints2D } from '../pose/types';

/** Pairs of keypoints a rigid bone links (joint centres: their distance is a bone's length). */
export const RIGID_LIMBS: ReadonlyArray<[string, string]> = [
  ['r_hip', 'r_knee'],
  ['l_hip', 'l_knee'],
  ['r_knee', 'r_ankle'],
  ['l_knee', 'l_ankle'],
  ['r_shoulder', 'r_elbow'],
  ['l_shoulder', 'l_elbow'],
  ['r_elbow', 'r_wrist'],
  ['l_elbow', 'l_wrist'],
  ['r_ankle', 'r_heel'],
  ['l_ankle', 'l_heel'],
  ['r_heel', 'r_big_toe'],
  ['l_heel', 'l_big_toe'],
  ['r_ankle', 'r_big_toe'],
  ['l_ankle', 'l_big_toe'],
  ['r_hip', 'l_hip'],
];

export interface LimbRefineOptions {
  limbs?: ReadonlyArray<[string, string]>;
  /**
   * Standard deviation of a limb's length about its trial value (m), default 10 mm: joint centres estimated
   * from the body's outline move against each other by millimetres (soft tissue, the joint's moving centre of
   * rotation). On synthetic rigid-limbed motion with detector-like errors (limb-refine.test.ts) 10 mm gave the
   * lowest position error; 3 and 5 mm pin the lengths harder without being more accurate.
   */
  lengthSdM?: number;
  /** Standard deviation of a 2D detection (px): the scale of the reprojection term (default 8). */
  pixelSd?: number;
  /** Cauchy scale of the reprojection residuals (px): larger ones count less and less (default 15). */
  robustScalePx?: number;
  /** Gauss-Seidel sweeps over the keypoints of each frame (default 8). */
  sweeps?: number;
  /**
   * Known limb lengths (m) by limbKey(a, b), e.g. the subject's neutral trial: they replace the trial's own
   * median for those limbs. A neutral recording, where the subject stands still and the cameras see every
   * limb from the side, measures them better than a movement does.
   */
  priorLengthsM?: Readonly<Record<string, number>>;
  /**
   * Left/right symmetry: a limb and its mirror (r_/l_ names) share one length, the mean of both (default
   * true). Healthy adults' left and right bones differ by a few millimetres; a detector's view-dependent errors
   * make one side of a trial centimetres longer than the other.
   */
  symmetric?: boolean;
}

/** Key of a limb in priorLengthsM: 'r_hip-r_knee'. */
export function limbKey(a: string, b: string): string {
  return `${a}-${b}`;
}

/** The limb's mirror image (r_ ↔ l_), or null for a limb that is its own mirror (hip–hip). */
function mirrorKey(a: string, b: string): string | null {
  const flip = (n: string) =>
    n.startsWith('r_') ? `l_${n.slice(2)}` : n.startsWith('l_') ? `r_${n.slice(2)}` : n;
  const key = limbKey(flip(a), flip(b));
  return key === limbKey(a, b) || key === limbKey(b, a) ? null : key;
}

export interface LimbRefineResult {
  /** Refined positions, same layout as the input (NaN where the input was NaN). */
  positions: Float64Array[];
  /** Length of each limb used as the prior (m), in the order of the limbs option (limbs whose keypoints exist). */
  limbLengthsM: number[];
  /** Mean reprojection error (px) per keypoint per frame over the kept cameras, at the refined position. */
  reprojectionErrorPx: Float64Array[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

interface Observation {
  cam: CameraModel;
  x: number;
  y: number;
  weight: number;
}

/** Pixel residual of one camera's observation of X, or null when X is behind the camera. */
function residual(
  o: Observation,
  X: ArrayLike<number>,
): { rx: number; ry: number; xc: number; yc: number; zc: number } | null {
  const { R, t } = o.cam.extrinsics;
  const xc = R[0] * X[0] + R[1] * X[1] + R[2] * X[2] + t[0];
  const yc = R[3] * X[0] + R[4] * X[1] + R[5] * X[2] + t[1];
  const zc = R[6] * X[0] + R[7] * X[1] + R[8] * X[2] + t[2];
  if (zc <= 1e-6) return null;
  return { rx: (xc / zc - o.x) * o.cam.intrinsics.fx, ry: (yc / zc - o.y) * o.cam.intrinsics.fy, xc, yc, zc };
}

/** Reprojection error of X in one camera (px). */
function reprojectionError(o: Observation, X: ArrayLike<number>): number {
  const r = residual(o, X);
  return r ? Math.hypot(r.rx, r.ry) : NaN;
}

/** Robust (Cauchy) reprojection cost of X in one camera, in units of the pixel noise. */
function reprojectionCost(o: Observation, X: ArrayLike<number>, opts: Required<LimbRefineOptions>): number {
  const r = residual(o, X);
  if (!r) return Infinity;
  const c = opts.robustScalePx;
  return ((o.weight * c * c) / (2 * opts.pixelSd ** 2)) * Math.log1p((r.rx ** 2 + r.ry ** 2) / (c * c));
}

/** Adds one camera's Gauss-Newton term (IRLS weight of the Cauchy loss) to the normal equations. */
function addReprojection(
  o: Observation,
  X: ArrayLike<number>,
  H: number[],
  g: number[],
  opts: Required<LimbRefineOptions>,
): void {
  const r = residual(o, X);
  if (!r) return;
  const { R } = o.cam.extrinsics;
  const { fx, fy } = o.cam.intrinsics;
  const { rx, ry, xc, yc, zc } = r;
  const w = o.weight / (1 + (rx * rx + ry * ry) / opts.robustScalePx ** 2) / opts.pixelSd ** 2;
  const iz = 1 / zc;
  const Jx = [0, 1, 2].map((i) => fx * iz * (R[i] - (xc / zc) * R[6 + i]));
  const Jy = [0, 1, 2].map((i) => fy * iz * (R[3 + i] - (yc / zc) * R[6 + i]));
  for (let i = 0; i < 3; i++) {
    g[i] += w * (Jx[i] * rx + Jy[i] * ry);
    for (let j = 0; j < 3; j++) H[i * 3 + j] += w * (Jx[i] * Jx[j] + Jy[i] * Jy[j]);
  }
}

/**
 * Refines triangulated positions (names of `names`, interleaved xyz per frame) against the 2D views the
 * triangulation used (`keptCameras`: per keypoint, per frame, bit c for camera c). Points without kept
 * cameras (gap-filled) hold still but still anchor their limbs.
 */
export function refineWithLimbLengths(
  cams: readonly CameraModel[],
  views: readonly Keypoints2D[],
  names: readonly string[],
  positions: readonly Float64Array[],
  keptCameras: readonly Uint32Array[],
  options: LimbRefineOptions = {},
): LimbRefineResult {
  const opts: Required<LimbRefineOptions> = {
    limbs: RIGID_LIMBS,
    lengthSdM: 0.01,
    pixelSd: 8,
    robustScalePx: 15,
    sweeps: 8,
    priorLengthsM: {},
    symmetric: true,
    ...options,
  };
  const frameCount = positions[0]?.length / 3 || 0;
  const limbNames = opts.limbs.filter(([a, b]) => names.includes(a) && names.includes(b));
  const limbs = limbNames.map(([a, b]) => [names.indexOf(a), names.indexOf(b)] as const);
  const out = positions.map((p) => Float64Array.from(p));
  const measured = new Map<string, number>();
  limbNames.forEach(([na, nb], s) => {
    const [a, b] = limbs[s];
    const prior = opts.priorLengthsM[limbKey(na, nb)] ?? opts.priorLengthsM[limbKey(nb, na)];
    if (prior !== undefined && prior > 0) return void measured.set(limbKey(na, nb), prior);
    const lengths: number[] = [];
    for (let f = 0; f < frameCount; f++) {
      if (!keptCameras[a][f] || !keptCameras[b][f]) continue;
      const d = Math.hypot(...[0, 1, 2].map((i) => out[a][f * 3 + i] - out[b][f * 3 + i]));
      if (Number.isFinite(d)) lengths.push(d);
    }
    measured.set(limbKey(na, nb), median(lengths));
  });
  const limbLengthsM = limbNames.map(([a, b]) => {
    const own = measured.get(limbKey(a, b))!;
    const mirror = opts.symmetric ? mirrorKey(a, b) : null;
    const other = mirror === null ? undefined : measured.get(mirror);
    return other !== undefined && Number.isFinite(other) && Number.isFinite(own) ? (own + other) / 2 : own;
  });
  const limbsOf = names.map((_, k) =>
    limbs.flatMap(([a, b], s) => (a === k ? [{ other: b, s }] : b === k ? [{ other: a, s }] : [])),
  );
  const viewIndex = names.map((n) => views[0]?.names.indexOf(n) ?? -1);
  const errors = names.map(() => new Float64Array(frameCount).fill(NaN));
  const X = new Float64Array(3);
  const H = new Array<number>(9);
  const g = new Array<number>(3);
  const obsOf = (k: number, f: number): Observation[] => {
    const list: Observation[] = [];
    const mask = keptCameras[k][f];
    const vk = viewIndex[k];
    if (!mask || vk < 0) return list;
    views.forEach((v, c) => {
      if (!(mask & (1 << c))) return;
      const i = (f * v.names.length + vk) * 3;
      const [x, y] = undistortToNormalized(cams[c].intrinsics, v.data[i], v.data[i + 1]);
      list.push({ cam: cams[c], x, y, weight: v.data[i + 2] });
    });
    return list;
  };
  for (let f = 0; f < frameCount; f++) {
    const frameObs = names.map((_, k) => obsOf(k, f));
    for (let sweep = 0; sweep < opts.sweeps; sweep++) {
      for (let k = 0; k < names.length; k++) {
        if (frameObs[k].length < 2 || Number.isNaN(out[k][f * 3])) continue;
        for (let i = 0; i < 3; i++) X[i] = out[k][f * 3 + i];
        const bones = limbsOf[k].filter(
          ({ other, s }) => Number.isFinite(limbLengthsM[s]) && !Number.isNaN(out[other][f * 3]),
        );
        const cost = (P: ArrayLike<number>): number => {
          let sum = 0;
          for (const o of frameObs[k]) sum += reprojectionCost(o, P, opts);
          for (const { other, s } of bones) {
            const len = Math.hypot(
              P[0] - out[other][f * 3],
              P[1] - out[other][f * 3 + 1],
              P[2] - out[other][f * 3 + 2],
            );
            sum += (0.5 * (len - limbLengthsM[s]) ** 2) / opts.lengthSdM ** 2;
          }
          return sum;
        };
        H.fill(0);
        g.fill(0);
        for (const o of frameObs[k]) addReprojection(o, X, H, g, opts);
        for (const { other, s } of bones) {
          const d = [0, 1, 2].map((i) => X[i] - out[other][f * 3 + i]);
          const len = Math.hypot(d[0], d[1], d[2]);
          if (!(len > 1e-6)) continue;
          const w = 1 / opts.lengthSdM ** 2;
          const r = len - limbLengthsM[s];
          for (let i = 0; i < 3; i++) {
            g[i] += (w * d[i] * r) / len;
            for (let j = 0; j < 3; j++) H[i * 3 + j] += (w * d[i] * d[j]) / (len * len);
          }
        }
        const step = solveLinear(H, [-g[0], -g[1], -g[2]], 3);
        if (!step) continue;
        // Backtracking: the linearised bone terms can overshoot when a limb constraint is strong.
        const before = cost(X);
        for (let shrink = 1; shrink >= 1 / 16; shrink /= 2) {
          const P = [0, 1, 2].map((i) => X[i] + shrink * step[i]);
          if (cost(P) < before) {
            for (let i = 0; i < 3; i++) out[k][f * 3 + i] = P[i];
            break;
          }
        }
      }
    }
    for (let k = 0; k < names.length; k++) {
      if (frameObs[k].length === 0 || Number.isNaN(out[k][f * 3])) continue;
      for (let i = 0; i < 3; i++) X[i] = out[k][f * 3 + i];
      let sum = 0;
      for (const o of frameObs[k]) sum += reprojectionError(o, X);
      errors[k][f] = sum / frameObs[k].length;
    }
  }
  return { positions: out, limbLengthsM, reprojectionErrorPx: errors };
}
