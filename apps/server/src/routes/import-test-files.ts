import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** Small real files for import API tests, made with the npm-shipped ffmpeg (once per process each). */
const made = new Map<string, Buffer>();
const ffmpeg = () => (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

function make(key: string, args: string[]): Buffer {
  let b = made.get(key);
  if (!b) {
    b = execFileSync(ffmpeg(), ['-v', 'error', ...args, 'pipe:1']);
    made.set(key, b);
  }
  return b;
}

/** A 0.5 s 64x64 H.264 MP4 at `fps`, its index at the start (as a camera app's file after 'faststart'). */
export function videoAtFps(fps: number): Buffer {
  return make(`video${fps}`, [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=64x64:rate=${fps}`,
    '-t',
    '0.5',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    'frag_keyframe+empty_moov',
    '-f',
    'mp4',
  ]);
}

/** An MP4 that holds only sound: the right signature, but no video stream. */
export function audioOnlyMp4(): Buffer {
  return make('audio', [
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=0.5',
    '-c:a',
    'aac',
    '-movflags',
    'frag_keyframe+empty_moov',
    '-f',
    'mp4',
  ]);
}
