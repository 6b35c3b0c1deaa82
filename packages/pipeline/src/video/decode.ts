import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binaries';

export type PixelFormat = 'gray' | 'rgb24';

export interface DecodeOptions {
  /** Output size; when only one is given the other keeps the aspect ratio (rounded to even). */
  width?: number;
  height?: number;
  pixelFormat?: PixelFormat;
  /** Start time in seconds (accurate seek: decodes from the previous key frame, not only key frames). */
  startSec?: number;
  /** Decode at most this many frames. */
  maxFrames?: number;
  /** Keep only every n-th decoded frame (1 = all). */
  everyNth?: number;
}

export interface RawFrame {
  /** Index of the frame in the decoded stream (counting from startSec). */
  index: number;
  width: number;
  height: number;
  channels: 1 | 3;
  data: Uint8Array;
}

/**
 * Decodes a video (or a still image) into raw frames through an ffmpeg pipe. ffmpeg applies the rotation
 * metadata itself, so frames come out as displayed. The caller must know the output size: pass the display
 * size from probeVideo, or a target width/height.
 */
export async function* decodeFrames(
  file: string,
  outWidth: number,
  outHeight: number,
  opts: DecodeOptions = {},
): AsyncGenerator<RawFrame> {
  const pixelFormat = opts.pixelFormat ?? 'rgb24';
  const channels = pixelFormat === 'gray' ? 1 : 3;
  const frameBytes = outWidth * outHeight * channels;
  const args = ['-v', 'error', '-nostdin'];
  if (opts.startSec) args.push('-ss', String(opts.startSec));
  args.push('-i', file);
  const filters = [`scale=${outWidth}:${outHeight}:flags=area`];
  if (opts.everyNth && opts.everyNth > 1) filters.unshift(`select=not(mod(n\\,${opts.everyNth}))`);
  // '-vsync passthrough' (not '-fps_mode', which the npm-shipped ffmpeg 4 lacks) keeps every decoded frame.
  args.push('-vf', filters.join(','), '-vsync', 'passthrough');
  if (opts.maxFrames) args.push('-frames:v', String(opts.maxFrames));
  args.push('-f', 'rawvideo', '-pix_fmt', pixelFormat, 'pipe:1');

  const proc = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number>((resolve) => proc.on('close', (code) => resolve(code ?? 1)));

  // Each byte is copied once, into the frame it belongs to: concatenating the pipe's 64 KB chunks onto what was
  // pending copied a 1080p frame ~50 times over (140 ms a frame against ffmpeg's 14).
  let frame = new Uint8Array(frameBytes);
  let filled = 0;
  let index = 0;
  try {
    for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(frameBytes - filled, chunk.length - at);
        frame.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled === frameBytes) {
          yield { index: index++, width: outWidth, height: outHeight, channels, data: frame };
          frame = new Uint8Array(frameBytes);
          filled = 0;
        }
      }
    }
  } finally {
    if (proc.exitCode === null) proc.kill('SIGKILL');
  }
  const code = await exited;
  if (code !== 0 && index === 0)
    throw new Error(`ffmpeg could not decode ${file}: ${stderr.trim() || `exit ${code}`}`);
}

/** Decodes a single image file (jpg, png) into one frame at its own size. */
export async function decodeImage(
  file: string,
  width: number,
  height: number,
  pixelFormat: PixelFormat = 'gray',
): Promise<RawFrame> {
  for await (const frame of decodeFrames(file, width, height, { pixelFormat, maxFrames: 1 })) return frame;
  throw new Error(`Could not decode image ${file}`);
}

/**
 * Pulls up to `depth` items of an async generator ahead of its consumer, so that a producer in another process
 * (ffmpeg decoding the next frames) keeps working while the consumer awaits something else (the pose network).
 * Without it the pipe fills after a fraction of a frame and ffmpeg waits for every frame to be consumed.
 */
export async function* readAhead<T>(source: AsyncGenerator<T>, depth: number): AsyncGenerator<T> {
  const queue: Array<Promise<IteratorResult<T>>> = [];
  try {
    for (;;) {
      while (queue.length < depth) queue.push(source.next());
      const next = await queue.shift()!;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Settle what was asked for before closing the source (a rejected read-ahead is the consumer's no longer).
    await Promise.allSettled(queue);
    await source.return(undefined);
  }
}
