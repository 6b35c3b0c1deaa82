/** Adapter: finds and reads the CLI's input files (calibration, videos). */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CameraModel } from '../camera/camera-model';
import { importQualisysCalibration } from '../calibration/import/qualisys';
import { importTomlCalibration } from '../calibration/import/toml';
import type { BoardPlacement } from '../calibration/types';
import { calibrateFromFolder, parseBoard } from './calibrate-folder';

const VIDEO_EXT = /\.(mp4|mov|m4v|webm|mkv|avi)$/i;
const CALIB_FILE = /(\.qca\.txt|\.toml)$/i;

function natural(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Reads a calibration file (Qualisys .qca.txt or Pose2Sim/PoseLab .toml), the one found in a folder, or else
 * calibrates from the folder's checkerboard recordings (`board` = "rows,cols,squareMm").
 */
export async function loadCalibration(
  fileOrFolder: string,
  recording: { board?: string; placement?: BoardPlacement } = {},
): Promise<{ cameras: CameraModel[]; file: string }> {
  const st = await stat(fileOrFolder).catch(() => null);
  if (!st) throw new Error(`Calibration not found: ${fileOrFolder}`);
  let file = fileOrFolder;
  if (st.isDirectory()) {
    const found = (await readdir(fileOrFolder)).filter((f) => CALIB_FILE.test(f)).sort(natural);
    if (found.length === 0) {
      const { cameras, rig } = await calibrateFromFolder(
        fileOrFolder,
        parseBoard(recording.board),
        recording.placement ?? 'Perpendicular',
      );
      console.log(`  calibration from the recordings in ${fileOrFolder}: ${rig.message}`);
      return { cameras, file: fileOrFolder };
    }
    file = path.join(fileOrFolder, found[0]);
  }
  const text = await readFile(file, 'utf8');
  if (/\.qca\.txt$/i.test(file) || /<calibration\b/.test(text))
    return { cameras: importQualisysCalibration(text), file };
  if (/\.toml$/i.test(file)) return { cameras: importTomlCalibration(text), file };
  throw new Error(`Unknown calibration format: ${file} (expected .qca.txt or .toml)`);
}

/** Lists the videos of a folder in natural order. */
export async function listVideos(folder: string): Promise<string[]> {
  const st = await stat(folder).catch(() => null);
  if (!st?.isDirectory()) throw new Error(`Video folder not found: ${folder}`);
  const files = (await readdir(folder)).filter((f) => VIDEO_EXT.test(f)).sort(natural);
  if (files.length === 0) throw new Error(`No videos (.mp4, .mov, .webm, ...) in ${folder}`);
  return files.map((f) => path.join(folder, f));
}

/**
 * Pairs videos with calibrated cameras: by the number in their names (cam01.mp4 ↔ cam_01) when every camera
 * has exactly one video, else by order when the counts are equal.
 */
export function matchVideosToCameras(
  videos: string[],
  cameras: CameraModel[],
): { videos: string[]; cameras: CameraModel[] } {
  const num = (s: string): number | null => {
    const m = /(\d+)(?!.*\d)/.exec(s);
    return m ? Number(m[1]) : null;
  };
  const stem = (v: string): string => path.basename(v, path.extname(v));
  const byNumber = cameras.map((c) =>
    videos.filter((v) => num(stem(v)) !== null && num(stem(v)) === num(c.name)),
  );
  if (byNumber.every((m) => m.length === 1) && new Set(byNumber.map((m) => m[0])).size === cameras.length) {
    return { videos: byNumber.map((m) => m[0]), cameras };
  }
  if (videos.length === cameras.length) return { videos, cameras };
  throw new Error(
    `Cannot pair ${videos.length} videos with ${cameras.length} calibrated cameras (${cameras.map((c) => c.name).join(', ')}): name the videos after the cameras (cam01.mp4 for cam_01).`,
  );
}
