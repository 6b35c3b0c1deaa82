/**
 * A moving skeleton with rigid limbs, and 2D detections with the kind of errors a pose model makes: a slowly
 * drifting, view-dependent offset per keypoint and camera, white jitter, and rare gross outliers. For tests of
 * triangulation and refinement against the known truth.
 */
import { projectPoint, type CameraModel, type Vec3 } from '../camera/camera-model';
import { KEYPOINTS_2D } from '../pose/keypoint-set';
import { emptyKeypoints2D, type Keypoints2D } from '../pose/types';
import { seededRandom } from './synthetic-rig';

/** The left and right body keypoints (no neck, mid-hip or head). */
export const SKELETON_NAMES = KEYPOINTS_2D.filter((n) => /^[lr]_/.test(n) && !/_(eye|ear)$/.test(n));

/** Bone lengths (m) of the synthetic subject. */
export const SKELETON_LENGTHS = { thigh: 0.42, shank: 0.4, upperArm: 0.29, forearm: 0.26, pelvis: 0.2 };

type V = [number, number, number];
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: V, s: number): V => [a[0] * s, a[1] * s, a[2] * s];
/** Unit vector pointing down (-Y), swung forward (+Z) by `flex` and sideways (+X) by `abd` radians. */
const dir = (flex: number, abd: number): V => [
  Math.sin(abd) * Math.cos(flex),
  -Math.cos(abd) * Math.cos(flex),
  Math.sin(flex),
];

/** World positions of SKELETON_NAMES per frame: a subject balancing, swinging a leg and waving both arms. */
export function skeletonMotion(frames: number, fps: number, seed = 1): Vec3[][] {
  const rnd = seededRandom(seed);
  const ph = Array.from({ length: 8 }, () => rnd.uniform() * 2 * Math.PI);
  const L = SKELETON_LENGTHS;
  return Array.from({ length: frames }, (_, f) => {
    const t = f / fps;
    const s = (hz: number, i: number): number => Math.sin(2 * Math.PI * hz * t + ph[i]);
    const pelvis: V = [0.05 * s(0.4, 0), 0.95, 0.04 * s(0.3, 1)];
    const side = (sign: number, i: number): Record<string, V> => {
      const hip = add(pelvis, [(sign * L.pelvis) / 2, 0, 0]);
      const thighDir = dir(0.5 * s(0.6, i) + 0.3, sign * 0.1);
      const knee = add(hip, scale(thighDir, L.thigh));
      const kneeFlex = 0.3 + 0.3 * s(0.9, i + 1);
      const ankle = add(knee, scale(dir(0.5 * s(0.6, i) + 0.3 - kneeFlex, sign * 0.05), L.shank));
      const shoulder = add(pelvis, [(sign * 0.36) / 2, 0.5, 0]);
      const elbow = add(
        shoulder,
        scale(dir(0.8 * s(0.7, i + 2), sign * (0.4 + 0.3 * s(0.5, i + 3))), L.upperArm),
      );
      const wrist = add(
        elbow,
        scale(dir(0.8 * s(0.7, i + 2) + 0.9 + 0.5 * s(1.1, i + 1), sign * 0.3), L.forearm),
      );
      const heel = add(ankle, [0, -0.05, -0.05]);
      const toe = add(ankle, [sign * 0.02, -0.06, 0.16]);
      const p = sign > 0 ? 'l_' : 'r_';
      return {
        [`${p}hip`]: hip,
        [`${p}knee`]: knee,
        [`${p}ankle`]: ankle,
        [`${p}shoulder`]: shoulder,
        [`${p}elbow`]: elbow,
        [`${p}wrist`]: wrist,
        [`${p}heel`]: heel,
        [`${p}big_toe`]: toe,
      };
    };
    const all = { ...side(-1, 0), ...side(1, 4) };
    return SKELETON_NAMES.map((n) => all[n] as Vec3);
  });
}

export interface DetectorErrorModel {
  /** Amplitude (px) of the slowly drifting per-camera, per-keypoint offset. */
  biasPx: number;
  /** Frequency (Hz) of that drift. */
  biasHz: number;
  /** Standard deviation (px) of the frame-to-frame jitter. */
  jitterPx: number;
  /** Share of detections replaced by a gross error of `outlierPx`. */
  outlierRate: number;
  outlierPx: number;
}

/** Projects the motion into a camera with detector-like errors (confidence 0.9). */
export function detectorLikeProjection(
  cam: CameraModel,
  motion: Vec3[][],
  names: readonly string[],
  fps: number,
  err: DetectorErrorModel,
  seed: number,
): Keypoints2D {
  const rnd = seededRandom(seed);
  const K = names.length;
  const bias = names.map(() => [0, 1, 2, 3].map(() => rnd.uniform() * 2 * Math.PI));
  const kp = emptyKeypoints2D(names, motion.length, fps, cam.intrinsics.width, cam.intrinsics.height);
  motion.forEach((points, f) => {
    const t = f / fps;
    points.forEach((p, k) => {
      const uv = projectPoint(cam, p);
      if (!uv) return;
      const [a, b, c, d] = bias[k];
      let x = uv[0] + err.biasPx * Math.sin(2 * Math.PI * err.biasHz * t + a) * Math.cos(b);
      let y = uv[1] + err.biasPx * Math.sin(2 * Math.PI * err.biasHz * 0.8 * t + c) * Math.cos(d);
      x += err.jitterPx * rnd.gaussian();
      y += err.jitterPx * rnd.gaussian();
      if (rnd.uniform() < err.outlierRate) {
        const angle = rnd.uniform() * 2 * Math.PI;
        x += err.outlierPx * Math.cos(angle);
        y += err.outlierPx * Math.sin(angle);
      }
      kp.data.set([x, y, 0.9], (f * K + k) * 3);
    });
  });
  return kp;
}
