/**
 * Adapter: calibrates the cameras from a calibration recording folder (one video or image per camera, the
 * board held still, named after the camera: cam01.mp4, cam02.png, ...). An optional `intrinsics/` subfolder
 * with images named camNN_*.jpg|png adds board views for each camera's intrinsics.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { CameraModel } from '../camera/camera-model';
import { readCalibrationFrames } from '../calibration/io/read-frames';
import { calibrateRig, type RigResult } from '../calibration/rig';
import type { BoardPlacement, BoardSpec } from '../calibration/types';

const MEDIA = /\.(mp4|mov|m4v|webm|mkv|avi|png|jpe?g)$/i;

function natural(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

export async function calibrateFromFolder(
  folder: string,
  board: BoardSpec,
  placement: BoardPlacement,
): Promise<{ cameras: CameraModel[]; rig: RigResult }> {
  const files = (await readdir(folder)).filter((f) => MEDIA.test(f)).sort(natural);
  if (files.length < 2)
    throw new Error(
      `A calibration recording folder needs one video or image per camera (found ${files.length} in ${folder})`,
    );
  const intrinsicsDir = path.join(folder, 'intrinsics');
  const extra = existsSync(intrinsicsDir)
    ? (await readdir(intrinsicsDir)).filter((f) => MEDIA.test(f)).sort(natural)
    : [];
  const inputs = await Promise.all(
    files.map(async (f) => {
      const name = path.basename(f, path.extname(f));
      const { frames } = await readCalibrationFrames(path.join(folder, f), { maxFrames: 24 });
      const own = extra.filter((e) => e.startsWith(`${name}_`));
      const intrinsicFrames = (
        await Promise.all(
          own.map((e) => readCalibrationFrames(path.join(intrinsicsDir, e), { maxFrames: 1 })),
        )
      ).flatMap((r) => r.frames);
      return { name, frames, intrinsicFrames: intrinsicFrames.length ? intrinsicFrames : undefined };
    }),
  );
  // One photo or video per camera, without a shared clock: simultaneity cannot be checked (the report says so).
  const rig = calibrateRig(inputs, board, { placement });
  for (const c of rig.perCamera) if (!c.ok) console.warn(`  camera ${c.name}: ${c.message}`);
  if (!rig.ok)
    throw new Error(
      `Calibration refused: ${rig.message}. ${rig.perCamera.map((c) => `${c.name}: ${c.message}`).join('; ')}`,
    );
  return { cameras: rig.cameras, rig };
}

/** Parses "rows,cols,squareMm" (inner corners; default SPEC's 4,5,35). */
export function parseBoard(text: string | undefined): BoardSpec {
  const [rows, cols, squareMm] = (text ?? '4,5,35').split(',').map(Number);
  if (![rows, cols, squareMm].every((v) => Number.isFinite(v) && v > 0)) {
    throw new Error(`--board must be "rows,cols,squareMm" counting inner corners (got '${text}')`);
  }
  return { rows, cols, squareSize: squareMm / 1000 };
}
