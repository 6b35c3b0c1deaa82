import type { CameraModel, Mat3, Vec3 } from '../../camera/camera-model';
import { Y_UP_FROM_Z_UP, mat3Mul, mat3Transpose, matToRodrigues, rodriguesToMat } from '../math/mat3';
import { parseToml, type TomlTable, type TomlValue } from './toml-subset';

/**
 * Pose2Sim / anipose calibration .toml ↔ PoseLab camera models.
 *
 * One table per camera: name, size = [width, height], matrix = 3x3 K, distortions = [k1, k2, p1, p2(, k3)],
 * rotation = Rodrigues vector (world → camera, OpenCV), translation = metres, fisheye = false. A [metadata]
 * table is ignored on import and written on export.
 *
 * Pose2Sim worlds are Z up (its Qualisys conversion and its floor-board extrinsics), PoseLab's is Y up: with the
 * default `upAxis: 'z'` the world is turned by −90° about X on import, PoseLab (x, y, z) = file (x, z, −y), and
 * back on export. Use `upAxis: 'y'` for a file that is already Y up (e.g. one exported with that option).
 */
export interface TomlCalibrationOptions {
  upAxis?: 'z' | 'y';
}

function numbers(v: TomlValue | undefined, what: string, cam: string): number[] {
  const flat = Array.isArray(v) ? v.flat(2) : undefined;
  if (!flat || flat.length === 0 || flat.some((x) => typeof x !== 'number'))
    throw new Error(`TOML calibration: camera ${cam} has no numeric array "${what}"`);
  return flat as number[];
}

/** Converts a world→camera transform between the file's world and PoseLab's world. */
function changeWorld(R: Mat3, upAxis: 'z' | 'y', toPoseLab: boolean): Mat3 {
  if (upAxis === 'y') return R;
  // Xc = R_file·X_file, X_poselab = A·X_file ⇒ R_poselab = R_file·Aᵀ (and R_file = R_poselab·A).
  return toPoseLab ? mat3Mul(R, mat3Transpose(Y_UP_FROM_Z_UP)) : mat3Mul(R, Y_UP_FROM_Z_UP);
}

export function importTomlCalibration(text: string, opts: TomlCalibrationOptions = {}): CameraModel[] {
  const upAxis = opts.upAxis ?? 'z';
  const doc = parseToml(text);
  const cameras: CameraModel[] = [];
  for (const [tableName, t] of doc.tables) {
    if (tableName === 'metadata') continue;
    cameras.push(cameraFromTable(tableName, t, upAxis));
  }
  if (cameras.length === 0) throw new Error('TOML calibration: no camera tables found');
  return cameras;
}

function cameraFromTable(tableName: string, t: TomlTable, upAxis: 'z' | 'y'): CameraModel {
  const name = typeof t.name === 'string' ? t.name : tableName;
  if (t.fisheye === true)
    throw new Error(`TOML calibration: camera ${name} uses the fisheye model, which is not supported`);
  const size = numbers(t.size, 'size', name);
  const K = numbers(t.matrix, 'matrix', name);
  if (K.length !== 9) throw new Error(`TOML calibration: camera ${name} "matrix" must be 3x3`);
  const d = numbers(t.distortions, 'distortions', name);
  const rot = numbers(t.rotation, 'rotation', name);
  const tr = numbers(t.translation, 'translation', name);
  if (size.length !== 2) throw new Error(`TOML calibration: camera ${name} "size" must be [width, height]`);
  if (tr.length !== 3) throw new Error(`TOML calibration: camera ${name} "translation" must have 3 values`);
  let Rfile: Mat3;
  if (rot.length === 3) Rfile = rodriguesToMat(rot as Vec3);
  else if (rot.length === 9) Rfile = rot as Mat3;
  else
    throw new Error(`TOML calibration: camera ${name} "rotation" must be a Rodrigues vector or a 3x3 matrix`);
  const dist: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  d.slice(0, 5).forEach((v, i) => (dist[i] = v));
  return {
    name,
    intrinsics: { width: size[0], height: size[1], fx: K[0], fy: K[4], cx: K[2], cy: K[5], dist },
    // The translation does not change: Xc = R_file·X_file + t = R_poselab·X_poselab + t.
    extrinsics: { R: changeWorld(Rfile, upAxis, true), t: [tr[0], tr[1], tr[2]] },
  };
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan';
  const s = String(v);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

const list = (vs: number[]) => `[ ${vs.map(fmt).join(', ')},]`;

/** Writes cameras as a Pose2Sim-style .toml (the format Pose2Sim and anipose read). */
export function exportTomlCalibration(
  cameras: CameraModel[],
  opts: TomlCalibrationOptions & { error?: number } = {},
): string {
  const upAxis = opts.upAxis ?? 'z';
  const out: string[] = [];
  for (const cam of cameras) {
    const i = cam.intrinsics;
    const key = /^[A-Za-z0-9_-]+$/.test(cam.name) ? cam.name : JSON.stringify(cam.name);
    const R = changeWorld(cam.extrinsics.R, upAxis, false);
    out.push(
      `[${key}]`,
      `name = ${JSON.stringify(cam.name)}`,
      `size = ${list([i.width, i.height])}`,
      `matrix = [ ${list([i.fx, 0, i.cx])}, ${list([0, i.fy, i.cy])}, ${list([0, 0, 1])},]`,
      `distortions = ${list(i.dist.slice(0, i.dist[4] === 0 ? 4 : 5))}`,
      `rotation = ${list(matToRodrigues(R))}`,
      `translation = ${list(cam.extrinsics.t)}`,
      'fisheye = false',
      '',
    );
  }
  out.push('[metadata]', 'adjusted = false', `error = ${fmt(opts.error ?? 0)}`, '');
  return out.join('\n');
}
