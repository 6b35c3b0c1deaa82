import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ffmpegPath } from '../video/ffmpeg-binaries';

/**
 * Test clips for coarse alignment: a demo clip as camera c's file whose recording started `offsetSec` later
 * on a common clock than the earliest camera's. The action starts at common time `actionSec`; before it, the
 * file repeats the clip's first frame (a still scene, no false motion). The sound is quiet noise of its own
 * per camera plus one clap at common time `clapSec`, so each file hears it at clapSec − offsetSec.
 */
export function cutClip(opts: {
  source: string;
  out: string;
  offsetSec: number;
  actionSec: number;
  clapSec: number;
  fps: number;
  sourceFps: number;
  seed: number;
  withAudio?: boolean;
  width?: number;
}): string {
  const pad = opts.actionSec - opts.offsetSec;
  if (pad <= 0) throw new Error('cutClip: the action must start after the recording');
  const padFrames = Math.round(pad * opts.sourceFps);
  const durationSec = pad + 100 / opts.sourceFps + 0.5;
  const clap = opts.clapSec - opts.offsetSec;
  const width = opts.width ?? 270;
  const video = `[0:v]loop=loop=${padFrames}:size=1:start=0,setpts=N/(${opts.sourceFps}*TB),scale=${width}:-2,fps=${opts.fps}[v]`;
  const args = ['-v', 'error', '-y', '-i', opts.source];
  if (opts.withAudio !== false) {
    // Noise of its own per camera (the seed shifts it), a decaying burst at the clap.
    const expr = `0.01*sin(${opts.seed}*7919*t*t+${opts.seed})+0.004*(random(0)-0.5)+0.9*(random(1)-0.5)*exp(-abs(t-${clap})*90)*gte(t\\,${clap})`;
    args.push('-f', 'lavfi', '-i', `aevalsrc=exprs='${expr}':s=16000:d=${durationSec.toFixed(3)}`);
  }
  args.push('-filter_complex', video, '-map', '[v]');
  if (opts.withAudio !== false) args.push('-map', '1:a', '-c:a', 'aac', '-b:a', '64k');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', opts.out);
  execFileSync(ffmpegPath, args);
  return opts.out;
}

export const DEMO_CLIPS = (dataDir: string, trial: 'balancing' | 'static') =>
  [1, 2, 3, 4].map((i) => join(dataDir, 'pose2sim-demo', trial, `cam0${i}.mp4`));
