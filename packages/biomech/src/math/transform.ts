/**
 * Rigid transforms as flat arrays for speed: rotation row-major 3x3 (R[0..8]) and translation p.
 * A transform X maps a point from its child frame into its parent frame: x_parent = R * x_child + p.
 */
export type Vec3 = [number, number, number];
export type Mat3 = Float64Array | number[];

export interface Transform {
  R: Float64Array; // 9 entries, row-major
  p: Float64Array; // 3 entries
}

export function identityTransform(): Transform {
  const R = new Float64Array(9);
  R[0] = 1;
  R[4] = 1;
  R[8] = 1;
  return { R, p: new Float64Array(3) };
}

export function copyTransform(src: Transform, dst: Transform = identityTransform()): Transform {
  dst.R.set(src.R);
  dst.p.set(src.p);
  return dst;
}

/** out = a * b (apply b first, then a). `out` may alias neither a nor b. */
export function composeInto(a: Transform, b: Transform, out: Transform): Transform {
  const A = a.R;
  const B = b.R;
  const O = out.R;
  for (let i = 0; i < 3; i++) {
    const a0 = A[3 * i];
    const a1 = A[3 * i + 1];
    const a2 = A[3 * i + 2];
    O[3 * i] = a0 * B[0] + a1 * B[3] + a2 * B[6];
    O[3 * i + 1] = a0 * B[1] + a1 * B[4] + a2 * B[7];
    O[3 * i + 2] = a0 * B[2] + a1 * B[5] + a2 * B[8];
    out.p[i] = a0 * b.p[0] + a1 * b.p[1] + a2 * b.p[2] + a.p[i];
  }
  return out;
}

export function compose(a: Transform, b: Transform): Transform {
  return composeInto(a, b, identityTransform());
}

export function invert(t: Transform): Transform {
  const out = identityTransform();
  const R = t.R;
  const O = out.R;
  O[0] = R[0];
  O[1] = R[3];
  O[2] = R[6];
  O[3] = R[1];
  O[4] = R[4];
  O[5] = R[7];
  O[6] = R[2];
  O[7] = R[5];
  O[8] = R[8];
  for (let i = 0; i < 3; i++) out.p[i] = -(O[3 * i] * t.p[0] + O[3 * i + 1] * t.p[1] + O[3 * i + 2] * t.p[2]);
  return out;
}

/** Writes R * v + p into out[offset..offset+2]. */
export function applyTransform(
  t: Transform,
  v: ArrayLike<number>,
  out: Float64Array | number[],
  offset = 0,
): void {
  const R = t.R;
  const x = v[0];
  const y = v[1];
  const z = v[2];
  out[offset] = R[0] * x + R[1] * y + R[2] * z + t.p[0];
  out[offset + 1] = R[3] * x + R[4] * y + R[5] * z + t.p[1];
  out[offset + 2] = R[6] * x + R[7] * y + R[8] * z + t.p[2];
}

/** Rotation of `angle` radians about a unit axis (Rodrigues), written into R (row-major). */
export function axisAngleInto(axis: ArrayLike<number>, angle: number, R: Float64Array): Float64Array {
  const x = axis[0];
  const y = axis[1];
  const z = axis[2];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const C = 1 - c;
  R[0] = c + x * x * C;
  R[1] = x * y * C - z * s;
  R[2] = x * z * C + y * s;
  R[3] = y * x * C + z * s;
  R[4] = c + y * y * C;
  R[5] = y * z * C - x * s;
  R[6] = z * x * C - y * s;
  R[7] = z * y * C + x * s;
  R[8] = c + z * z * C;
  return R;
}

/** 3x3 product out = A * B (row-major); out must not alias A or B. */
export function mat3MulInto(A: ArrayLike<number>, B: ArrayLike<number>, out: Float64Array): Float64Array {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
    }
  }
  return out;
}

/** Body-fixed X-Y-Z Euler angles (SimTK BodyRotationSequence XYZ): R = Rx(a) * Ry(b) * Rz(c). */
export function rotationFromBodyFixedXYZ(a: number, b: number, c: number): Float64Array {
  const ca = Math.cos(a);
  const sa = Math.sin(a);
  const cb = Math.cos(b);
  const sb = Math.sin(b);
  const cc = Math.cos(c);
  const sc = Math.sin(c);
  return Float64Array.of(
    cb * cc,
    -cb * sc,
    sb,
    sa * sb * cc + ca * sc,
    -sa * sb * sc + ca * cc,
    -sa * cb,
    -ca * sb * cc + sa * sc,
    ca * sb * sc + sa * cc,
    ca * cb,
  );
}

/** Inverse of rotationFromBodyFixedXYZ, as SimTK's convertRotationToBodyFixedXYZ (b in [-pi/2, pi/2]). */
export function bodyFixedXYZFromRotation(R: ArrayLike<number>): Vec3 {
  const sb = Math.max(-1, Math.min(1, R[2]));
  const b = Math.asin(sb);
  const a = Math.atan2(-R[5], R[8]);
  const c = Math.atan2(-R[1], R[0]);
  return [a, b, c];
}

export function transformFrom(R: ArrayLike<number>, p: ArrayLike<number>): Transform {
  const t = identityTransform();
  t.R.set(Array.from(R));
  t.p.set(Array.from(p));
  return t;
}

export function normalize(v: ArrayLike<number>): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]);
  if (n === 0) throw new Error('Cannot normalise a zero-length axis');
  return [v[0] / n, v[1] / n, v[2] / n];
}
