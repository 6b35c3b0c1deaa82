/**
 * Virtual cameras for bench:ik: projection with the pipeline's camera model (packages/pipeline/src/camera),
 * pixel noise, and a plain linear (DLT) triangulation written here because packages/pipeline does not yet
 * export a `triangulatePoints` function.
 */
import {
  projectPoint,
  undistortToNormalized,
  type CameraModel,
  type Mat3,
  type Vec3,
} from '../packages/pipeline/src/camera/camera-model';

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

/** Portrait phone camera (1080x1920, fx = fy = 1450 px, mild distortion) at `center` looking at `target`, Y up. */
export function phoneCamera(name: string, center: Vec3, target: Vec3): CameraModel {
  const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const cross = (a: Vec3, b: Vec3): Vec3 => [
    a[1] * b[2] - a[2] * b[1],
    a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0],
  ];
  const norm = (a: Vec3): Vec3 => {
    const l = Math.hypot(a[0], a[1], a[2]);
    return [a[0] / l, a[1] / l, a[2] / l];
  };
  const z = norm(sub(target, center));
  const x = norm(cross(z, [0, 1, 0]));
  const y = cross(z, x);
  const R: Mat3 = [...x, ...y, ...z];
  const t: Vec3 = [0, 1, 2].map(
    (i) => -(R[3 * i] * center[0] + R[3 * i + 1] * center[1] + R[3 * i + 2] * center[2]),
  ) as Vec3;
  return {
    name,
    intrinsics: {
      width: 1080,
      height: 1920,
      fx: 1450,
      fy: 1450,
      cx: 540,
      cy: 960,
      dist: [0.08, -0.2, 0, 0, 0],
    },
    extrinsics: { R, t },
  };
}

/** Cameras on a circle of `radius` around `centre` at 1.2 m height; 4 cameras every 90°, 2 cameras 90° apart in front. */
export function cameraRing(count: 2 | 4, centre: Vec3, radius: number): CameraModel[] {
  const yaws = count === 4 ? [45, 135, 225, 315] : [-45, 45];
  return yaws.map((deg, i) => {
    const a = (deg * Math.PI) / 180;
    return phoneCamera(
      `cam${i + 1}`,
      [centre[0] + radius * Math.cos(a), 1.2, centre[2] + radius * Math.sin(a)],
      [centre[0], 0.9, centre[2]],
    );
  });
}

/** Linear triangulation from undistorted normalised observations (least squares over all views). */
export function triangulateDlt(cams: CameraModel[], obs: ([number, number] | null)[]): Vec3 | null {
  const M = new Float64Array(9);
  const v = new Float64Array(3);
  let views = 0;
  obs.forEach((o, ci) => {
    if (!o) return;
    views++;
    const { R, t } = cams[ci].extrinsics;
    for (let row = 0; row < 2; row++) {
      const c = o[row];
      const a = [c * R[6] - R[3 * row], c * R[7] - R[3 * row + 1], c * R[8] - R[3 * row + 2]];
      const b = -(c * t[2] - t[row]);
      for (let i = 0; i < 3; i++) {
        v[i] += a[i] * b;
        for (let j = 0; j < 3; j++) M[3 * i + j] += a[i] * a[j];
      }
    }
  });
  if (views < 2) return null;
  const det =
    M[0] * (M[4] * M[8] - M[5] * M[7]) -
    M[1] * (M[3] * M[8] - M[5] * M[6]) +
    M[2] * (M[3] * M[7] - M[4] * M[6]);
  if (Math.abs(det) < 1e-18) return null;
  const inv = [
    M[4] * M[8] - M[5] * M[7],
    M[2] * M[7] - M[1] * M[8],
    M[1] * M[5] - M[2] * M[4],
    M[5] * M[6] - M[3] * M[8],
    M[0] * M[8] - M[2] * M[6],
    M[2] * M[3] - M[0] * M[5],
    M[3] * M[7] - M[4] * M[6],
    M[1] * M[6] - M[0] * M[7],
    M[0] * M[4] - M[1] * M[3],
  ];
  return [0, 1, 2].map(
    (i) => (inv[3 * i] * v[0] + inv[3 * i + 1] * v[1] + inv[3 * i + 2] * v[2]) / det,
  ) as Vec3;
}

/** Projects each point into every camera, adds Gaussian pixel noise (sigma px per axis) and triangulates. */
export function projectAndTriangulate(
  cams: CameraModel[],
  points: Float64Array,
  sigmaPx: number,
  rng: { gaussian: () => number },
): Float64Array {
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length / 3; i++) {
    const P: Vec3 = [points[3 * i], points[3 * i + 1], points[3 * i + 2]];
    const obs = cams.map((cam) => {
      const px = projectPoint(cam, P);
      if (!px) return null;
      return undistortToNormalized(
        cam.intrinsics,
        px[0] + sigmaPx * rng.gaussian(),
        px[1] + sigmaPx * rng.gaussian(),
      );
    });
    const X = triangulateDlt(cams, obs);
    out.set(X ?? [NaN, NaN, NaN], 3 * i);
  }
  return out;
}
