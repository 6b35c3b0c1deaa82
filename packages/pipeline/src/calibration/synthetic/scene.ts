import type { CameraExtrinsics, Mat3, Vec3 } from '../../camera/camera-model';

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/**
 * World → camera extrinsics of a camera at `eye` looking at `target`, with `up` appearing up in the image
 * (OpenCV camera: x right, y down, z forward). Works in any frame (world or board coordinates).
 */
export function lookAt(eye: Vec3, target: Vec3, up: Vec3): CameraExtrinsics {
  const z = unit(sub(target, eye));
  const x = unit(cross(z, up));
  const y = cross(z, x);
  const R: Mat3 = [x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]];
  const t: Vec3 = [
    -(R[0] * eye[0] + R[1] * eye[1] + R[2] * eye[2]),
    -(R[3] * eye[0] + R[4] * eye[1] + R[5] * eye[2]),
    -(R[6] * eye[0] + R[7] * eye[1] + R[8] * eye[2]),
  ];
  return { R, t };
}

/** Rotation about the camera's optical axis (roll), applied after a pose: R' = Rz(angle)·R, t' = Rz·t. */
export function rollCamera(pose: CameraExtrinsics, angle: number): CameraExtrinsics {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const Rz: Mat3 = [c, -s, 0, s, c, 0, 0, 0, 1];
  const R = pose.R;
  const o = new Array(9).fill(0) as Mat3;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      o[i * 3 + j] = Rz[i * 3] * R[j] + Rz[i * 3 + 1] * R[3 + j] + Rz[i * 3 + 2] * R[6 + j];
  const t = pose.t;
  return { R: o, t: [c * t[0] - s * t[1], s * t[0] + c * t[1], t[2]] };
}
