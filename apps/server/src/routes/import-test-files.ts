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

/**
 * Bytes [offset, offset + length) of a large video file: a real short MP4 (`head`) followed by a 'free' box
 * (readers skip it) that fills the file up to `total` bytes (< 4 GiB). Made chunk by chunk, so a test or bench
 * holds one chunk at a time.
 */
export function bigVideoChunk(head: Buffer, total: number, offset: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  const freeHeader = Buffer.alloc(8);
  freeHeader.writeUInt32BE(total - head.length, 0);
  freeHeader.write('free', 4, 'latin1');
  const prefix = Buffer.concat([head, freeHeader]);
  if (offset < prefix.length) prefix.copy(out, 0, offset, Math.min(prefix.length, offset + length));
  return out;
}
