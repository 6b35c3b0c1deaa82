import type { CameraExtrinsics, CameraIntrinsics, Mat3, Vec3 } from '../../camera/camera-model';
import { distortNormalized, undistortToNormalized } from '../../camera/camera-model';
import { levenbergMarquardt } from '../math/levenberg-marquardt';
import { applyHomography, fitHomography, solveLinear } from '../math/linalg';
import { mat3Mul, matToRodrigues, orthonormalize, rodriguesToMat } from '../math/mat3';
import type { Point2 } from '../types';

/** Pixel of a board-frame point for a camera pose (board → camera). */
export function projectWith(intr: CameraIntrinsics, R: Mat3, t: Vec3, X: Vec3): Point2 {
  const x = R[0] * X[0] + R[1] * X[1] + R[2] * X[2] + t[0];
  const y = R[3] * X[0] + R[4] * X[1] + R[5] * X[2] + t[1];
  const z = R[6] * X[0] + R[7] * X[1] + R[8] * X[2] + t[2];
  const [xd, yd] = distortNormalized(intr, x / z, y / z);
  return [intr.fx * xd + intr.cx, intr.fy * yd + intr.cy];
}

export function reprojectionRms(
  intr: CameraIntrinsics,
  pose: CameraExtrinsics,
  obj: Vec3[],
  img: Point2[],
): number {
  let s = 0;
  for (let k = 0; k < obj.length; k++) {
    const p = projectWith(intr, pose.R, pose.t, obj[k]);
    s += (p[0] - img[k][0]) ** 2 + (p[1] - img[k][1]) ** 2;
  }
  return Math.sqrt(s / obj.length);
}

/** Least-squares translation for a known rotation from normalised image points of plane points. */
function translationFor(R: Mat3, obj: Vec3[], norm: Point2[]): Vec3 | null {
  const A = new Array(9).fill(0);
  const b = [0, 0, 0];
  for (let k = 0; k < obj.length; k++) {
    const X = obj[k];
    const rx = R[0] * X[0] + R[1] * X[1] + R[2] * X[2];
    const ry = R[3] * X[0] + R[4] * X[1] + R[5] * X[2];
    const rz = R[6] * X[0] + R[7] * X[1] + R[8] * X[2];
    const [u, v] = norm[k];
    // tx − u·tz = u·rz − rx ; ty − v·tz = v·rz − ry
    const rows: [number[], number][] = [
      [[1, 0, -u], u * rz - rx],
      [[0, 1, -v], v * rz - ry],
    ];
    for (const [a, rhs] of rows) {
      for (let i = 0; i < 3; i++) {
        b[i] += a[i] * rhs;
        for (let j = 0; j < 3; j++) A[i * 3 + j] += a[i] * a[j];
      }
    }
  }
  const t = solveLinear(A, b, 3);
  return t ? [t[0], t[1], t[2]] : null;
}

/**
 * Infinitesimal Plane-based Pose Estimation (Collins & Bartoli 2014): the two rotations that explain the
 * homography's Jacobian at the board centre. Planar targets seen at a distance have two poses with similar
 * reprojection error (a flip of the plane normal); both are returned, best first, after LM refinement.
 */
export function planarPoses(
  intr: CameraIntrinsics,
  obj: Vec3[],
  img: Point2[],
): { pose: CameraExtrinsics; rmsPx: number }[] {
  if (obj.length < 4) throw new Error('planarPoses needs at least 4 points');
  const norm = img.map((p) => undistortToNormalized(intr, p[0], p[1]));
  let mx = 0;
  let my = 0;
  for (const X of obj) {
    mx += X[0];
    my += X[1];
  }
  mx /= obj.length;
  my /= obj.length;
  const H = fitHomography(
    obj.map((X) => [X[0] - mx, X[1] - my]),
    norm,
  );
  const [p, q] = applyHomography(H, 0, 0);
  const w = H[8];
  const J = [(H[0] - H[6] * p) / w, (H[1] - H[7] * p) / w, (H[3] - H[6] * q) / w, (H[4] - H[7] * q) / w];
  const out: { pose: CameraExtrinsics; rmsPx: number }[] = [];
  for (const R of ippeRotations(J, p, q)) {
    // Rotation is for centred board coordinates; the board origin shift only changes t.
    const t = translationFor(R, obj, norm);
    if (!t) continue;
    const refined = refinePose(intr, { R, t }, obj, img);
    out.push({ pose: refined, rmsPx: reprojectionRms(intr, refined, obj, img) });
  }
  out.sort((a, b) => a.rmsPx - b.rmsPx);
  return out;
}

function ippeRotations(J: number[], p: number, q: number): Mat3[] {
  // Rv rotates [0, 0, 1] onto the viewing ray of the board centre.
  const s = Math.sqrt(p * p + q * q + 1);
  const tt = Math.hypot(p, q);
  let Rv: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (tt > 1e-12) {
    const cos = 1 / s;
    const sin = Math.sqrt(1 - 1 / (s * s));
    const kx = p / tt;
    const ky = q / tt;
    Rv = [
      (cos - 1) * kx * kx + 1,
      kx * ky * (cos - 1),
      kx * sin,
      kx * ky * (cos - 1),
      (cos - 1) * ky * ky + 1,
      ky * sin,
      -kx * sin,
      -ky * sin,
      (cos - 1) * (kx * kx + ky * ky) + 1,
    ];
  }
  const b00 = Rv[0] - p * Rv[6];
  const b01 = Rv[1] - p * Rv[7];
  const b10 = Rv[3] - q * Rv[6];
  const b11 = Rv[4] - q * Rv[7];
  const det = b00 * b11 - b01 * b10;
  const i00 = b11 / det;
  const i01 = -b01 / det;
  const i10 = -b10 / det;
  const i11 = b00 / det;
  const a00 = i00 * J[0] + i01 * J[2];
  const a01 = i00 * J[1] + i01 * J[3];
  const a10 = i10 * J[0] + i11 * J[2];
  const a11 = i10 * J[1] + i11 * J[3];
  const ata00 = a00 * a00 + a10 * a10;
  const ata01 = a00 * a01 + a10 * a11;
  const ata11 = a01 * a01 + a11 * a11;
  const gamma = Math.sqrt(0.5 * (ata00 + ata11 + Math.sqrt((ata00 - ata11) ** 2 + 4 * ata01 * ata01)));
  const r00 = a00 / gamma;
  const r01 = a01 / gamma;
  const r10 = a10 / gamma;
  const r11 = a11 / gamma;
  const b0 = Math.sqrt(Math.max(0, 1 - r00 * r00 - r10 * r10));
  let b1 = Math.sqrt(Math.max(0, 1 - r01 * r01 - r11 * r11));
  if (-r00 * r01 - r10 * r11 < 0) b1 = -b1;
  const out: Mat3[] = [];
  for (const sign of [1, -1]) {
    const c1: Vec3 = [r00, r10, sign * b0];
    const c2: Vec3 = [r01, r11, sign * b1];
    const c3: Vec3 = [
      c1[1] * c2[2] - c1[2] * c2[1],
      c1[2] * c2[0] - c1[0] * c2[2],
      c1[0] * c2[1] - c1[1] * c2[0],
    ];
    const Rt: Mat3 = [c1[0], c2[0], c3[0], c1[1], c2[1], c3[1], c1[2], c2[2], c3[2]];
    out.push(orthonormalize(mat3Mul(Rv, Rt)));
  }
  return out;
}

/** LM refinement of a board pose on pixel reprojection error. */
export function refinePose(
  intr: CameraIntrinsics,
  pose: CameraExtrinsics,
  obj: Vec3[],
  img: Point2[],
): CameraExtrinsics {
  const x0 = [...matToRodrigues(pose.R), ...pose.t];
  const res = levenbergMarquardt(
    (x) => {
      const R = rodriguesToMat([x[0], x[1], x[2]]);
      const t: Vec3 = [x[3], x[4], x[5]];
      const r: number[] = [];
      for (let k = 0; k < obj.length; k++) {
        const p = projectWith(intr, R, t, obj[k]);
        r.push(p[0] - img[k][0], p[1] - img[k][1]);
      }
      return r;
    },
    x0,
    { maxIterations: 50 },
  );
  const x = res.x;
  return { R: rodriguesToMat([x[0], x[1], x[2]]), t: [x[3], x[4], x[5]] };
}
