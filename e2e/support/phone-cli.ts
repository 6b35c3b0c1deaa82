/**
 * The CLI on what the phones recorded: a processed session's neutral and trial downloaded through the API as
 * their owner (the uploaded videos as stored, each phone's recording start, the calibration the worker used)
 * into the folders `npx poselab process` reads, and the CLI run on them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CameraModel } from '../../packages/pipeline/src/camera/camera-model';
import { repoRoot, type RunningServer } from './server';

interface ApiVideo {
  device_id: string;
  video: string;
  start_time_ms?: number | null;
}
interface ApiTrial {
  videos: ApiVideo[];
  results: { tag: string; media: string | null }[];
}
interface CalibrationJson {
  cameras: { device_id: string | null; camera: CameraModel }[];
}

export interface PhoneRecordings {
  calibration: string;
  neutral: string;
  trial: string;
  /** Device ids in the worker's camera order (camN.* is the N-th). */
  devices: string[];
}

/** The container of a video by its first bytes (MediaRecorder writes MP4 or WebM). */
function videoExtension(bytes: Buffer): string {
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  throw new Error(`unknown video container (first bytes ${bytes.subarray(0, 8).toString('hex')})`);
}

/**
 * Downloads the neutral and the trial into `dir` as the CLI reads them: `camera-calibration.json` (the
 * calibration the trial was processed with, its cameras in the worker's order), `neutral/` and `trial/` with cam01.<ext> … in the worker's camera order (pairing
 * order, read from the neutral's session metadata) and each folder's start-times.json.
 */
export async function downloadPhoneRecordings(
  server: RunningServer,
  token: string,
  ids: { neutral: string; trial: string },
  dir: string,
): Promise<PhoneRecordings> {
  const get = async (url: string) => {
    const res = await fetch(new URL(url, server.url), { headers: { authorization: `Token ${token}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res;
  };
  const trialOf = async (id: string) => (await (await get(`/api/trials/${id}/`)).json()) as ApiTrial;
  const resultJson = async <T>(t: ApiTrial, tag: string): Promise<T> => {
    const r = t.results.find((x) => x.tag === tag);
    if (!r?.media) throw new Error(`no ${tag} result`);
    return (await (await get(r.media)).json()) as T;
  };
  const neutral = await trialOf(ids.neutral);
  const trial = await trialOf(ids.trial);
  const metadata = await resultJson<{ cameras: { number: number; device_id: string }[] }>(
    neutral,
    'session_metadata',
  );
  const devices = metadata.cameras.map((c) => c.device_id);
  // The dynamic job ran on the neutral's choice of extrinsics, stored with the trial; the neutral itself ran on
  // the session's calibration. The CLI takes one calibration for both, so they must be the same.
  const used = await resultJson<CalibrationJson>(trial, 'camera-calibration');
  const chosen = await resultJson<CalibrationJson>(neutral, 'camera-calibration');
  const cameraOf = (c: CalibrationJson, device: string) => {
    const cam = c.cameras.find((x) => x.device_id === device)?.camera;
    if (!cam) throw new Error(`no calibrated camera for device ${device}`);
    return cam;
  };
  const cameras = devices.map((d, i) => {
    const cam = cameraOf(used, d);
    if (JSON.stringify(cam) !== JSON.stringify(cameraOf(chosen, d)))
      throw new Error(
        `camera ${i + 1}: the neutral and the trial were processed with different calibrations`,
      );
    return { ...cam, name: `cam_${String(i + 1).padStart(2, '0')}` };
  });
  // As the trial's camera-calibration.json (the CLI reads it exactly; a .toml would round the rotations).
  const calibration = join(dir, 'camera-calibration.json');
  mkdirSync(dir, { recursive: true });
  writeFileSync(calibration, JSON.stringify({ ...used, cameras: cameras.map((camera) => ({ camera })) }));
  const folders: Record<'neutral' | 'trial', string> = { neutral: '', trial: '' };
  for (const [name, t] of [
    ['neutral', neutral],
    ['trial', trial],
  ] as const) {
    const folder = join(dir, name);
    mkdirSync(folder, { recursive: true });
    const starts: Record<string, number> = {};
    for (const [i, device] of devices.entries()) {
      const video = t.videos.find((v) => v.device_id === device);
      if (!video) throw new Error(`the ${name} has no video of camera ${i + 1}`);
      const bytes = Buffer.from(await (await get(video.video)).arrayBuffer());
      const file = `cam${String(i + 1).padStart(2, '0')}.${videoExtension(bytes)}`;
      writeFileSync(join(folder, file), bytes);
      if (video.start_time_ms == null)
        throw new Error(`the ${name}'s video of camera ${i + 1} has no start time`);
      starts[file] = video.start_time_ms;
    }
    writeFileSync(join(folder, 'start-times.json'), JSON.stringify(starts, null, 2));
    folders[name] = folder;
  }
  return { calibration, ...folders, devices };
}

export interface CliRun {
  code: number | null;
  output: string;
  seconds: number;
}

/** `node bin/poselab.js process …` from the repository root, with extra environment (e.g. POSE_CACHE_DIR). */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['bin/poselab.js', 'process', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    let output = '';
    p.stdout.on('data', (d: Buffer) => (output += d.toString()));
    p.stderr.on('data', (d: Buffer) => (output += d.toString()));
    p.on('close', (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

/** Files in a folder (0 when it does not exist): the detection cache's entries. */
export function fileCount(dir: string | undefined): number {
  return dir && existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).length : 0;
}
