import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../packages/pipeline/src/video/ffmpeg-binaries';

// Asynchronous: a spec polls the server meanwhile (a blocked event loop reuses sockets the server has closed).
const run = promisify(execFile);

/**
 * Lossless H.264: the clip's frames decode exactly as the original's, so the detector sees the same pictures
 * and a difference in the results is the alignment's (or the frame rate's), not the encoder's. The held
 * frames cost almost nothing; the 100 moving frames make 10-30 MB per camera.
 */
const LOSSLESS = ['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'];

/**
 * Files as cameras that shared no clock would have made them (issue #28, acceptance 2), from the demo's
 * synchronised clips: a camera started `leadSec` before the movement's first frame films the subject standing
 * (its first frame held) for that long, then the clip. Its sound track is the room's noise with one clap at
 * `clapSec` after the clip's first frame, the same moment for every camera, louder for one than for another.
 * The truth is therefore known: this camera's file starts `leadSec` earlier than a camera's with no lead.
 */
export interface OffsetClip {
  /** The original clip (60 fps). */
  source: string;
  out: string;
  leadSec: number;
  /** When the clap is heard, seconds after the clip's first frame. */
  clapSec: number;
  /** Loudness of the clap at this camera (0-1). */
  clapGain: number;
  /** Seconds of the clip (its sound lasts the file's length). */
  clipSec: number;
}

export async function makeOffsetClip(c: OffsetClip): Promise<void> {
  const total = c.leadSec + c.clipSec;
  const at = c.leadSec + c.clapSec;
  // Room noise, and a 1 ms-rise clap decaying over ~10 ms: what a clap sounds like to a camera's microphone.
  const sound = `0.004*(random(0)-0.5)+${c.clapGain}*(random(1)-0.5)*exp(-abs(t-${at})*90)*gte(t\\,${at})`;
  await run(
    ffmpegPath,
    [
      ...['-v', 'error', '-nostdin', '-y', '-i', c.source],
      ...['-f', 'lavfi', '-i', `aevalsrc=exprs='${sound}':s=48000:d=${total.toFixed(4)}`],
      ...['-map', '0:v:0', '-map', '1:a:0'],
      ...['-vf', `tpad=start_duration=${c.leadSec}:start_mode=clone`],
      ...LOSSLESS,
      ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', c.out],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}

/** The clip at another frame rate (a camera set to 30 fps beside 60 fps ones), no sound. */
export async function makeClipAtFps(source: string, out: string, fps: number): Promise<void> {
  await run(
    ffmpegPath,
    [...['-v', 'error', '-nostdin', '-y', '-i', source, '-vf', `fps=${fps}`, '-an'], ...LOSSLESS, out],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
