import { spawn } from 'node:child_process';
import type { CoarseInput, TimeSignal } from '../sync/coarse-offset';
import { decodeFrames } from './decode';
import { ffmpegPath } from './ffmpeg-binaries';
import { probeVideo } from './probe';

/**
 * Reads the signals that coarse alignment correlates (sync/coarse-offset.ts) from video files, streaming, so
 * memory stays small for long files: the sound's envelope at 1 kHz and the motion energy per frame. Only the
 * first `maxSec` seconds are read (the offsets sought are at most 10 s).
 */

const AUDIO_RATE = 16_000;
const ENVELOPE_RATE = 1000;

/** RMS of the (mono) sound per millisecond, or null when the file has no audio track. */
export async function readAudioEnvelope(file: string, maxSec = 40): Promise<TimeSignal | null> {
  const args = ['-v', 'error', '-nostdin', '-t', String(maxSec), '-i', file, '-vn', '-ac', '1'];
  args.push('-ar', String(AUDIO_RATE), '-f', 'f32le', 'pipe:1');
  const proc = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const per = AUDIO_RATE / ENVELOPE_RATE;
  const env: number[] = [];
  let sum = 0;
  let count = 0;
  let carry: Buffer = Buffer.alloc(0);
  proc.stderr.resume();
  const exited = new Promise<number>((resolve) => proc.on('close', (code) => resolve(code ?? 1)));
  proc.on('error', () => undefined);
  for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
    const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = buf.length - (buf.length % 4);
    for (let o = 0; o < whole; o += 4) {
      const v = buf.readFloatLE(o);
      sum += v * v;
      if (++count === per) {
        env.push(Math.sqrt(sum / per));
        sum = 0;
        count = 0;
      }
    }
    carry = buf.subarray(whole);
  }
  const code = await exited;
  // No audio stream: ffmpeg writes nothing and fails ('does not contain any stream').
  if (code !== 0 && env.length === 0) return null;
  return env.length ? { rate: ENVELOPE_RATE, values: Float32Array.from(env) } : null;
}

/** Mean absolute grey-level change between consecutive frames (64 px wide), one value per frame. */
export async function readMotionEnergy(file: string, maxSec = 40): Promise<TimeSignal> {
  const info = await probeVideo(file);
  const width = 64;
  const height = Math.max(2, 2 * Math.round((width * info.displayHeight) / info.displayWidth / 2));
  const fps = info.fps > 0 ? info.fps : 30;
  const values: number[] = [];
  let previous: Uint8Array | null = null;
  const maxFrames = Math.ceil(maxSec * fps);
  for await (const frame of decodeFrames(file, width, height, { pixelFormat: 'gray', maxFrames })) {
    if (previous) {
      let d = 0;
      for (let i = 0; i < frame.data.length; i++) d += Math.abs(frame.data[i] - previous[i]);
      values.push(d / frame.data.length);
    } else values.push(0);
    previous = frame.data;
  }
  // The first value has no predecessor: repeat the second so it adds no false onset.
  if (values.length > 1) values[0] = values[1];
  return { rate: fps, values: Float32Array.from(values) };
}

/** Both signals of one video file, as coarseAlign takes them. */
export async function readCoarseSignals(file: string, maxSec = 40): Promise<CoarseInput> {
  const [audio, motion] = await Promise.all([
    readAudioEnvelope(file, maxSec),
    readMotionEnergy(file, maxSec),
  ]);
  return { audio, motion };
}
