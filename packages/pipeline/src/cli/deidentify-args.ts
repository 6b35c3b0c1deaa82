/** Arguments of `poselab deidentify` (kept apart from the step so `--help` loads no model code). */
import path from 'node:path';

import { DEIDENTIFY_TEXT } from '../deidentify/defaults';

export const DEIDENTIFY_USAGE = `Usage: poselab deidentify <video> --out <file.mp4> [--no-pose]

  Writes a copy of the video with every face blurred (H.264, long side at most ${DEIDENTIFY_TEXT.maxSide} px), as the
  server's de-identification step does: faces found by a face model ${DEIDENTIFY_TEXT.scansPerSecond} times per second of video, kept
  through short gaps, plus the subject's head from the pose model in every frame.
  --no-pose      faces from the face model only (faster; the subject's head is not followed between scans)`;

export interface DeidentifyArgs {
  input: string;
  out: string;
  pose: boolean;
}

export function parseDeidentifyArgs(argv: string[]): DeidentifyArgs {
  let input: string | undefined;
  let out: string | undefined;
  let pose = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--no-pose') pose = false;
    else if (a === '--out' || a.startsWith('--out=')) {
      out = a.includes('=') ? a.slice(6) : argv[++i];
      if (!out || out.startsWith('--')) throw new Error('Option --out needs a file');
    } else if (a.startsWith('--')) throw new Error(`Unknown option ${a}`);
    else if (input) throw new Error(`Unexpected argument '${a}'`);
    else input = a;
  }
  if (!input) throw new Error('Missing the video to de-identify');
  if (!out) throw new Error('Missing --out');
  if (path.resolve(out) === path.resolve(input)) throw new Error('--out must not be the input video');
  return { input, out, pose };
}
