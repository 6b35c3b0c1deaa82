import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffprobePath } from './ffmpeg-binaries';

const execFileAsync = promisify(execFile);

export interface VideoInfo {
  /** Coded size, before rotation. */
  width: number;
  height: number;
  /** Size as displayed, after applying the rotation metadata. */
  displayWidth: number;
  displayHeight: number;
  /** Clockwise display rotation in degrees: 0, 90, 180 or 270. */
  rotation: number;
  fps: number;
  frameCount: number;
  durationSec: number;
  codec: string;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split('/').map(Number);
  return d ? n / d : n;
}

/** Reads size, rotation, frame rate, frame count and duration of the first video stream. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const { stdout } = await execFileAsync(ffprobePath, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_streams',
    '-show_format',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as { streams?: ProbeStream[]; format?: { duration?: string } };
  const s = parsed.streams?.[0];
  if (!s || !s.width || !s.height) throw new Error(`No video stream found in ${file}`);
  // Rotation metadata is a display-matrix side datum (counter-clockwise, negative) or a legacy 'rotate' tag.
  let rotation = 0;
  const side = s.side_data_list?.find((d) => typeof d.rotation === 'number');
  if (side?.rotation !== undefined) rotation = ((-side.rotation % 360) + 360) % 360;
  else if (s.tags?.rotate) rotation = ((Number(s.tags.rotate) % 360) + 360) % 360;
  const fps = parseRate(s.avg_frame_rate) || parseRate(s.r_frame_rate);
  const durationSec = Number(s.duration ?? parsed.format?.duration ?? 0);
  const frameCount = s.nb_frames ? Number(s.nb_frames) : Math.round(durationSec * fps);
  const swap = rotation === 90 || rotation === 270;
  return {
    width: s.width,
    height: s.height,
    displayWidth: swap ? s.height : s.width,
    displayHeight: swap ? s.width : s.height,
    rotation,
    fps,
    frameCount,
    durationSec,
    codec: s.codec_name ?? 'unknown',
  };
}
