/** Adapter: finds and reads the CLI's input files (calibration, videos). */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CameraModel } from '../camera/camera-model';
import { importQualisysCalibration } from '../calibration/import/qualisys';
import { importTomlCalibration } from '../calibration/import/toml';
import type { BoardPlacement } from '../calibration/types';
import { startTimesFromClocks } from '../sync/clocks';
import { calibrateFromFolder, parseBoard } from './calibrate-folder';

const VIDEO_EXT = /\.(mp4|mov|m4v|webm|mkv|avi)$/i;
/** Calibration files found in a --calibration folder (a camera-calibration.json is taken only when named). */
const CALIB_FILE = /(\.qca\.txt|\.toml)$/i;

function natural(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Reads a calibration file (Qualisys .qca.txt, Pose2Sim/PoseLab .toml, or the camera-calibration.json a PoseLab
 * trial stores), the one found in a folder, or else calibrates from the folder's checkerboard recordings
 * (`board` = "rows,cols,squareMm").
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
  if (/\.json$/i.test(file)) return { cameras: importPoseLabCalibration(text, file), file };
  throw new Error(`Unknown calibration format: ${file} (expected .qca.txt, .toml or .json)`);
}

/**
 * A trial's `camera-calibration` result (`{ cameras: [{ camera: { name, intrinsics, extrinsics } }, ...] }`, the
 * cameras the worker processed the trial with, in its order), read exactly: numbers survive JSON unchanged, where
 * a .toml export would turn the rotations into Rodrigues vectors and back.
 */
export function importPoseLabCalibration(text: string, file = 'calibration'): CameraModel[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  const entries = (doc as { cameras?: unknown } | null)?.cameras;
  if (!Array.isArray(entries) || entries.length === 0)
    throw new Error(`${file} has no cameras (expected PoseLab's camera-calibration.json)`);
  const numbers = (v: unknown, n: number) =>
    Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x));
  return entries.map((entry, i) => {
    const cam = (entry as { camera?: CameraModel } | null)?.camera;
    const k = cam?.intrinsics;
    const ok =
      !!cam &&
      typeof cam.name === 'string' &&
      !!k &&
      [k.width, k.height, k.fx, k.fy, k.cx, k.cy].every((x) => typeof x === 'number' && Number.isFinite(x)) &&
      numbers(k.dist, 5) &&
      numbers(cam.extrinsics?.R, 9) &&
      numbers(cam.extrinsics?.t, 3);
    if (!ok) throw new Error(`${file}: camera ${i + 1} has no complete camera model`);
    return { name: cam.name, intrinsics: k, extrinsics: { R: cam.extrinsics.R, t: cam.extrinsics.t } };
  });
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

/**
 * The sidecar beside a trial's videos saying when each started recording, in milliseconds on one clock shared
 * by the cameras (for phone recordings: the server clock, the uploads' start_time_ms), keyed by file name:
 * `{ "cam01.mp4": 1732530000123.4, ... }`. With it the CLI synchronises the videos as the server's worker does
 * (a still neutral by the clocks alone, a movement around them); without it, by the keypoints' motion only.
 */
export const START_TIMES_FILE = 'start-times.json';

/**
 * Reads START_TIMES_FILE from the videos' folder: each video's start in seconds after the earliest (in the
 * order of `videos`), or null when the folder has no such file. Throws, naming the problem, when the file is
 * not valid JSON or lacks a finite time for one of the videos.
 */
export async function readStartTimes(folder: string, videos: string[]): Promise<number[] | null> {
  const file = path.join(folder, START_TIMES_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${file} must map each video's file name to its start time in ms`);
  const times = parsed as Record<string, unknown>;
  const ms = videos.map((v) => {
    const value = times[path.basename(v)];
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new Error(`${file} has no start time (ms) for ${path.basename(v)}`);
    return value;
  });
  return startTimesFromClocks(ms)!;
}
