import { projectPoint, type CameraModel, type Vec3 } from '../camera/camera-model';
import { lookAt } from '../calibration/synthetic/scene';
import { emptyKeypoints2D, type Keypoints2D } from '../pose/types';

/** A camera at `center` looking at `target` with world Y up (OpenCV axes: x right, y down, z forward). */
export function lookAtCamera(
  name: string,
  center: Vec3,
  target: Vec3,
  f = 1700,
  width = 1080,
  height = 1920,
): CameraModel {
  return {
    name,
    intrinsics: {
      width,
      height,
      fx: f,
      fy: f,
      cx: width / 2,
      cy: height / 2,
      dist: [-0.05, 0.13, 0.0006, 0.0007, 0],
    },
    extrinsics: lookAt(center, target, [0, 1, 0]),
  };
}

/** Four cameras on a 3.5 m circle around a subject standing at the origin, like a small lab. */
export function syntheticRig(): CameraModel[] {
  return [0, 1, 2, 3].map((i) => {
    const a = (i * Math.PI) / 2 + Math.PI / 4;
    return lookAtCamera(`cam0${i + 1}`, [3.5 * Math.cos(a), 1.4, 3.5 * Math.sin(a)], [0, 0.9, 0]);
  });
}

/** Deterministic pseudo-random numbers (mulberry32) and Gaussian samples for reproducible tests. */
export function seededRandom(seed: number): { uniform: () => number; gaussian: () => number } {
  let s = seed >>> 0;
  const uniform = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, gaussian };
}

/** Standing-pose offsets (metres, Y up, subject facing +Z, right side at -X) of the 2D keypoint set. */
const BODY: Record<string, [number, number, number]> = {
  neck: [0, 1.45, 0],
  r_shoulder: [-0.19, 1.42, 0],
  l_shoulder: [0.19, 1.42, 0],
  r_elbow: [-0.24, 1.13, 0],
  l_elbow: [0.24, 1.13, 0],
  r_wrist: [-0.26, 0.88, 0.05],
  l_wrist: [0.26, 0.88, 0.05],
  r_hip: [-0.1, 0.92, 0],
  l_hip: [0.1, 0.92, 0],
  midhip: [0, 0.92, 0],
  r_knee: [-0.11, 0.5, 0.02],
  l_knee: [0.11, 0.5, 0.02],
  r_ankle: [-0.11, 0.08, 0],
  l_ankle: [0.11, 0.08, 0],
  r_heel: [-0.11, 0.03, -0.06],
  l_heel: [0.11, 0.03, -0.06],
  r_big_toe: [-0.12, 0.02, 0.18],
  l_big_toe: [0.12, 0.02, 0.18],
  nose: [0, 1.62, 0.1],
  r_eye: [-0.03, 1.66, 0.08],
  l_eye: [0.03, 1.66, 0.08],
  r_ear: [-0.07, 1.64, 0],
  l_ear: [0.07, 1.64, 0],
};

/**
 * A subject swaying, bending and waving (smooth, non-periodic motion) at `times` seconds: per frame, one
 * world point per name in `names`. `seed` changes the motion (another trial).
 */
export function syntheticMotion(
  names: readonly string[],
  times: ArrayLike<number>,
  seed = 1,
  origin: Vec3 = [0, 0, 0],
): Vec3[][] {
  const rnd = seededRandom(seed);
  const f = [0.31, 0.47, 0.73, 1.13, 1.7].map((x) => x * (0.8 + 0.4 * rnd.uniform()));
  const ph = f.map(() => rnd.uniform() * 2 * Math.PI);
  return Array.from(times, (t) => {
    const sway = 0.15 * Math.sin(2 * Math.PI * f[0] * t + ph[0]);
    const bend = 0.35 * Math.sin(2 * Math.PI * f[1] * t + ph[1]) ** 2;
    const wave = 0.6 * Math.sin(2 * Math.PI * f[3] * t + ph[3]);
    const squat = 0.12 * (1 + Math.sin(2 * Math.PI * f[2] * t + ph[2]));
    const turn = 0.5 * Math.sin(2 * Math.PI * f[4] * 0.2 * t + ph[4]);
    return names.map((n) => {
      const p = BODY[n];
      if (!p) throw new Error(`No synthetic position for keypoint ${n}`);
      const x = p[0];
      let [, y, z] = p;
      if (y > 0.92) {
        // Trunk bends forward about the hips.
        const h = y - 0.92;
        z += h * Math.sin(bend);
        y = 0.92 + h * Math.cos(bend);
      }
      if (n.includes('wrist') || n.includes('elbow'))
        y += (n.includes('wrist') ? 1 : 0.5) * wave * (n.startsWith('r') ? 1 : -0.5);
      if (y < 0.92 && y > 0.1) y -= squat * ((0.92 - y) / 0.82) * 0.5;
      if (y >= 0.5) y -= squat;
      const c = Math.cos(turn);
      const s = Math.sin(turn);
      return [origin[0] + sway + c * x + s * z, origin[1] + y, origin[2] - s * x + c * z] as Vec3;
    });
  });
}

/** Projects per-frame world points into a camera as 2D keypoints with Gaussian pixel noise (confidence 0.9). */
export function projectMotion(
  cam: CameraModel,
  motion: Vec3[][],
  names: readonly string[],
  fps: number,
  noisePx: number,
  seed: number,
): Keypoints2D {
  const rnd = seededRandom(seed);
  const kp = emptyKeypoints2D(names, motion.length, fps, cam.intrinsics.width, cam.intrinsics.height);
  motion.forEach((points, f) => {
    points.forEach((p, k) => {
      const uv = projectPoint(cam, p);
      if (!uv) return;
      kp.data.set(
        [uv[0] + noisePx * rnd.gaussian(), uv[1] + noisePx * rnd.gaussian(), 0.9],
        (f * names.length + k) * 3,
      );
    });
  });
  return kp;
}
