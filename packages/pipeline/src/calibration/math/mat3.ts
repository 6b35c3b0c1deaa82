import type { Mat3, Vec3 } from '../../camera/camera-model';

/** Row-major 3x3 helpers used by the calibration code. */

/** Rotation taking a Z-up world (x, y, z) to PoseLab's Y-up world: (x, y, z) → (x, z, −y). */
export const Y_UP_FROM_Z_UP: Mat3 = [1, 0, 0, 0, 0, 1, 0, -1, 0];

export const IDENTITY3: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function mat3Mul(a: Mat3, b: Mat3): Mat3 {
  const o = new Array(9).fill(0) as Mat3;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      o[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
  return o;
}

export function mat3Transpose(a: Mat3): Mat3 {
  return [a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]];
}

export function mat3Vec(a: Mat3, v: Vec3): Vec3 {
  return [
    a[0] * v[0] + a[1] * v[1] + a[2] * v[2],
    a[3] * v[0] + a[4] * v[1] + a[5] * v[2],
    a[6] * v[0] + a[7] * v[1] + a[8] * v[2],
  ];
}

export function mat3Det(a: Mat3): number {
  return (
    a[0] * (a[4] * a[8] - a[5] * a[7]) -
    a[1] * (a[3] * a[8] - a[5] * a[6]) +
    a[2] * (a[3] * a[7] - a[4] * a[6])
  );
}

/** Rodrigues rotation vector (axis × angle, radians) → rotation matrix. */
export function rodriguesToMat(r: Vec3): Mat3 {
  const theta = Math.hypot(r[0], r[1], r[2]);
  if (theta < 1e-12) return [1, -r[2], r[1], r[2], 1, -r[0], -r[1], r[0], 1];
  const [x, y, z] = [r[0] / theta, r[1] / theta, r[2] / theta];
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const C = 1 - c;
  return [
    c + x * x * C,
    x * y * C - z * s,
    x * z * C + y * s,
    y * x * C + z * s,
    c + y * y * C,
    y * z * C - x * s,
    z * x * C - y * s,
    z * y * C + x * s,
    c + z * z * C,
  ];
}

/** Rotation matrix → Rodrigues vector (robust near 0 and π). */
export function matToRodrigues(R: Mat3): Vec3 {
  const cos = Math.min(1, Math.max(-1, (R[0] + R[4] + R[8] - 1) / 2));
  const theta = Math.acos(cos);
  const sx = (R[7] - R[5]) / 2;
  const sy = (R[2] - R[6]) / 2;
  const sz = (R[3] - R[1]) / 2;
  const sin = Math.hypot(sx, sy, sz);
  if (sin > 1e-6) {
    const k = theta / sin;
    return [sx * k, sy * k, sz * k];
  }
  if (cos > 0) return [sx, sy, sz];
  // θ ≈ π: axis from the diagonal of (R + I) / 2 = a·aᵀ.
  let ax = Math.sqrt(Math.max(0, (R[0] + 1) / 2));
  let ay = Math.sqrt(Math.max(0, (R[4] + 1) / 2));
  let az = Math.sqrt(Math.max(0, (R[8] + 1) / 2));
  if (ax >= ay && ax >= az) {
    ay = Math.sign(R[1] + R[3] || 1) * ay;
    az = Math.sign(R[2] + R[6] || 1) * az;
  } else if (ay >= az) {
    ax = Math.sign(R[1] + R[3] || 1) * ax;
    az = Math.sign(R[5] + R[7] || 1) * az;
  } else {
    ax = Math.sign(R[2] + R[6] || 1) * ax;
    ay = Math.sign(R[5] + R[7] || 1) * ay;
  }
  const n = Math.hypot(ax, ay, az);
  return [(ax / n) * theta, (ay / n) * theta, (az / n) * theta];
}

/** Nearest rotation (orthonormalises through a few Newton steps of the polar decomposition). */
export function orthonormalize(R: Mat3): Mat3 {
  let X = R;
  for (let it = 0; it < 20; it++) {
    const inv = mat3Inverse(mat3Transpose(X));
    if (!inv) break;
    const next = X.map((v, i) => 0.5 * (v + inv[i])) as Mat3;
    const diff = next.reduce((s, v, i) => s + Math.abs(v - X[i]), 0);
    X = next;
    if (diff < 1e-14) break;
  }
  return X;
}

export function mat3Inverse(a: Mat3): Mat3 | null {
  const d = mat3Det(a);
  if (Math.abs(d) < 1e-300) return null;
  return [
    (a[4] * a[8] - a[5] * a[7]) / d,
    (a[2] * a[7] - a[1] * a[8]) / d,
    (a[1] * a[5] - a[2] * a[4]) / d,
    (a[5] * a[6] - a[3] * a[8]) / d,
    (a[0] * a[8] - a[2] * a[6]) / d,
    (a[2] * a[3] - a[0] * a[5]) / d,
    (a[3] * a[7] - a[4] * a[6]) / d,
    (a[1] * a[6] - a[0] * a[7]) / d,
    (a[0] * a[4] - a[1] * a[3]) / d,
  ];
}
