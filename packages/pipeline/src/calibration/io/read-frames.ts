import { decodeFrames } from '../../video/decode';
import { probeVideo, type VideoInfo } from '../../video/probe';
import { selectCalibrationFrames } from '../frames';
import type { GrayImage } from '../types';

export interface CalibrationFrames {
  frames: GrayImage[];
  /** Index of each frame in the recording (counted from the plan's start). */
  frameIndices: number[];
  /** Position of each frame in the recording (seconds from its first frame), for the shared clock. */
  positionsSec: number[];
  info: VideoInfo;
}

/**
 * Adapter (file I/O): decodes a calibration video (or a single image) into gray frames at display
 * orientation (ffmpeg applies the rotation metadata), evenly spread over the recording.
 * `maxSide` downscales so the long side is at most that many pixels (default: full size).
 */
export async function readCalibrationFrames(
  file: string,
  opts: { maxFrames?: number; maxSide?: number } = {},
): Promise<CalibrationFrames> {
  const info = await probeVideo(file);
  const plan = selectCalibrationFrames(info, { maxFrames: opts.maxFrames });
  const long = Math.max(info.displayWidth, info.displayHeight);
  const scale = opts.maxSide && opts.maxSide < long ? opts.maxSide / long : 1;
  const even = (v: number) => (scale === 1 ? v : Math.max(2, Math.round((v * scale) / 2) * 2));
  const width = even(info.displayWidth);
  const height = even(info.displayHeight);
  const frames: GrayImage[] = [];
  const frameIndices: number[] = [];
  const positionsSec: number[] = [];
  const fps = info.fps > 0 ? info.fps : 30;
  const firstFrame = Math.round(plan.startSec * fps);
  for await (const f of decodeFrames(file, width, height, {
    pixelFormat: 'gray',
    everyNth: plan.everyNth,
    maxFrames: plan.maxFrames,
    startSec: plan.startSec,
  })) {
    frames.push({ width: f.width, height: f.height, data: f.data });
    frameIndices.push(f.index * plan.everyNth);
    positionsSec.push((firstFrame + f.index * plan.everyNth) / fps);
  }
  if (frames.length === 0) throw new Error(`no frames could be decoded from ${file}`);
  return { frames, frameIndices, positionsSec, info };
}
