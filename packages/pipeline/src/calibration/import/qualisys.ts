import type { CameraModel, Mat3, Vec3 } from '../../camera/camera-model';
import { Y_UP_FROM_Z_UP, mat3Mul, mat3Transpose } from '../math/mat3';

/**
 * Qualisys Track Manager calibration export (.qca.txt, XML) → PoseLab camera models.
 *
 * File conventions (as Pose2Sim's calib_qca_fun reads them, except for the distortion scale):
 * - `intrinsic` focal lengths and principal point are stored ×64 ("1/64 pixel" sub-pixel units) and are
 *   divided by 64. The principal point is relative to the sensor, so the video field-of-view origin
 *   (`fov_video` left/top) is subtracted.
 * - Distortion coefficients (radialDistortion1..3, tangentalDistortion1..2) are dimensionless (normalised
 *   image coordinates) and are used as they are. Pose2Sim divides them by 64 too, but our checkerboard
 *   calibration of the demo's own cameras gives k1 ≈ −0.041…−0.051 against the file's −0.046…−0.048, so
 *   they are not in pixel units.
 * - Image size = fov_video (right − left + 1) × (bottom − top + 1).
 * - `transform` gives the camera position x, y, z in millimetres (world, Z up) and a rotation matrix M
 *   (r11..r33, row-major) whose rows are the camera axes in world coordinates. Qualisys cameras look
 *   along −Z with Y up, so OpenCV's camera frame (looking along +Z, y down) is diag(1, −1, −1)·M.
 *   World → camera: Xc = diag(1,−1,−1)·M·(Xw − C).
 * - The Qualisys world is Z up. PoseLab's world is Y up, so by default the world is turned by −90° about X:
 *   PoseLab (x, y, z) = Qualisys (x, z, −y) (metres). Pass `{ yUp: false }` to keep the lab's Z-up axes.
 */
export interface QualisysImportOptions {
  /** Convert the lab's Z-up world to PoseLab's Y-up world (default true). */
  yUp?: boolean;
}

const FLIP_YZ: Mat3 = [1, 0, 0, 0, -1, 0, 0, 0, -1];

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1]] = m[3] ?? m[4] ?? '';
  return out;
}

function element(block: string, name: string, camera: string): Record<string, string> {
  const m = new RegExp(`<${name}\\b([^>]*)/?>`).exec(block);
  if (!m) throw new Error(`Qualisys calibration: camera ${camera} has no <${name}> element`);
  return attributes(m[1]);
}

function num(attrs: Record<string, string>, key: string, where: string): number {
  const raw = attrs[key];
  const v = raw === undefined ? NaN : Number(raw);
  if (!Number.isFinite(v))
    throw new Error(`Qualisys calibration: ${where} has no numeric "${key}" (got ${raw ?? 'nothing'})`);
  return v;
}

function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/** Parses a Qualisys .qca.txt calibration into camera models (video cameras only, in natural name order). */
export function importQualisysCalibration(xmlText: string, opts: QualisysImportOptions = {}): CameraModel[] {
  const yUp = opts.yUp ?? true;
  if (!/<calibration\b/.test(xmlText))
    throw new Error('Qualisys calibration: no <calibration> root element found');
  const blocks = [...xmlText.matchAll(/<camera\b([^>]*)>([\s\S]*?)<\/camera>/g)];
  if (blocks.length === 0) throw new Error('Qualisys calibration: no <camera> elements found');

  const cameras: CameraModel[] = [];
  for (const [, head, body] of blocks) {
    const camAttrs = attributes(head);
    const name = camAttrs.serial ?? `cam_${cameras.length + 1}`;
    // Marker-only (infrared) cameras are not video cameras; "none" is what converted phone calibrations use.
    const model = (camAttrs.model ?? 'none').toLowerCase();
    if (!model.includes('video') && !model.includes('none')) continue;

    const fov = element(body, 'fov_video', name);
    const intr = element(body, 'intrinsic', name);
    const tr = element(body, 'transform', name);
    const where = `camera ${name}`;
    const left = num(fov, 'left', where);
    const top = num(fov, 'top', where);
    const width = num(fov, 'right', where) - left + 1;
    const height = num(fov, 'bottom', where) - top + 1;

    const M: Mat3 = [
      num(tr, 'r11', where),
      num(tr, 'r12', where),
      num(tr, 'r13', where),
      num(tr, 'r21', where),
      num(tr, 'r22', where),
      num(tr, 'r23', where),
      num(tr, 'r31', where),
      num(tr, 'r32', where),
      num(tr, 'r33', where),
    ];
    const centreMm: Vec3 = [num(tr, 'x', where), num(tr, 'y', where), num(tr, 'z', where)];
    const centreZUp: Vec3 = [centreMm[0] / 1000, centreMm[1] / 1000, centreMm[2] / 1000];
    let R = mat3Mul(FLIP_YZ, M);
    let centre = centreZUp;
    if (yUp) {
      // Xc = R·Xq + t with Xq = A^T·Xp  ⇒  R_p = R·A^T; the centre moves with the world: Cp = A·Cq.
      R = mat3Mul(R, mat3Transpose(Y_UP_FROM_Z_UP));
      const A = Y_UP_FROM_Z_UP;
      centre = [
        A[0] * centreZUp[0] + A[1] * centreZUp[1] + A[2] * centreZUp[2],
        A[3] * centreZUp[0] + A[4] * centreZUp[1] + A[5] * centreZUp[2],
        A[6] * centreZUp[0] + A[7] * centreZUp[1] + A[8] * centreZUp[2],
      ];
    }
    const t: Vec3 = [
      -(R[0] * centre[0] + R[1] * centre[1] + R[2] * centre[2]),
      -(R[3] * centre[0] + R[4] * centre[1] + R[5] * centre[2]),
      -(R[6] * centre[0] + R[7] * centre[1] + R[8] * centre[2]),
    ];

    cameras.push({
      name,
      intrinsics: {
        width,
        height,
        fx: num(intr, 'focalLengthU', where) / 64,
        fy: num(intr, 'focalLengthV', where) / 64,
        cx: num(intr, 'centerPointU', where) / 64 - left,
        cy: num(intr, 'centerPointV', where) / 64 - top,
        dist: [
          num(intr, 'radialDistortion1', where),
          num(intr, 'radialDistortion2', where),
          num(intr, 'tangentalDistortion1', where),
          num(intr, 'tangentalDistortion2', where),
          Number(intr.radialDistortion3 ?? 0) || 0,
        ],
      },
      extrinsics: { R, t },
    });
  }
  if (cameras.length === 0) throw new Error('Qualisys calibration: no video cameras in the file');
  return cameras.sort((a, b) => naturalCompare(a.name, b.name));
}
