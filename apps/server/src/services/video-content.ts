import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

/**
 * Checks that an uploaded video is what its declared type says, in two steps: the first bytes must carry the
 * container's signature (refused at the first chunk, before anything is stored), and the whole file must be
 * readable by ffprobe as that container with a video stream (checked before the trial is queued). A page of
 * HTML announced as video/mp4 is thus never stored, let alone served.
 */

export type VideoContainer = 'mp4' | 'webm';

/** The container a declared MIME type promises (QuickTime is MP4's ancestor: same box structure). */
export function containerOf(mime: string): VideoContainer | null {
  const m = mime.toLowerCase();
  if (m.startsWith('video/mp4') || m.startsWith('video/quicktime')) return 'mp4';
  if (m.startsWith('video/webm')) return 'webm';
  return null;
}

/** Box types an ISO-BMFF/QuickTime file may start with (MediaRecorder and cameras write 'ftyp'). */
const MP4_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Whether the file's first bytes match the container; needs at least 8 bytes. */
export function hasSignature(container: VideoContainer, head: Buffer): boolean {
  if (head.length < 8) return false;
  if (container === 'webm') return head.subarray(0, 4).equals(EBML_MAGIC);
  return MP4_FIRST_BOXES.has(head.subarray(4, 8).toString('latin1'));
}

const require = createRequire(import.meta.url);
function ffprobeBinary(): string {
  if (process.env.FFPROBE_PATH) return process.env.FFPROBE_PATH;
  try {
    return (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  } catch {
    return 'ffprobe';
  }
}

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { format_name?: string; duration?: string };
}

const PROBE_TIMEOUT_MS = 60_000;
const PROBE_ENTRIES =
  'format=format_name,duration:stream=codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate,duration:stream_tags=rotate:stream_side_data=rotation';

/**
 * Runs ffprobe over the stream (through a pipe, so it works the same for local and S3 storage; MP4s whose
 * index sits at the end are read through). Null when ffprobe could not make sense of it.
 */
async function readProbe(body: Readable): Promise<ProbeJson | null> {
  return new Promise<ProbeJson | null>((resolve, reject) => {
    const child = spawn(
      ffprobeBinary(),
      ['-v', 'error', '-show_entries', PROBE_ENTRIES, '-of', 'json', '-i', 'pipe:0'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    // ffprobe stops reading once it knows enough: the rest of the file is not needed.
    child.stdin.on('error', () => body.destroy());
    body.on('error', () => child.stdin.destroy());
    body.pipe(child.stdin);
    child.on('error', (err) => {
      clearTimeout(timer);
      body.destroy();
      reject(err);
    });
    child.on('close', () => {
      clearTimeout(timer);
      body.destroy();
      try {
        resolve(JSON.parse(out) as ProbeJson);
      } catch {
        resolve(null);
      }
    });
  });
}

function videoStreamOf(json: ProbeJson | null) {
  return json?.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
}

/**
 * Reads the stream with ffprobe and answers null when it is a readable video of the container, else why not.
 */
export async function probeVideoStream(body: Readable, container: VideoContainer): Promise<string | null> {
  const json = await readProbe(body);
  const formats = (json?.format?.format_name ?? '').split(',');
  const video = videoStreamOf(json);
  if (!video || formats.length === 0 || formats[0] === '') return 'no video stream could be read';
  const expected = container === 'webm' ? ['webm', 'matroska'] : ['mp4', 'mov'];
  if (!formats.some((f) => expected.includes(f))) return `it is ${formats[0]}, not ${container}`;
  return null;
}

/** What an imported file holds, as ffprobe reads it (the browser's guesses are not trusted). */
export interface VideoFileInfo {
  container: VideoContainer;
  fps: number;
  width: number;
  height: number;
  rotation: number;
  duration_sec: number;
  has_audio: boolean;
}

function rate(text: string | undefined): number {
  const [n, d] = (text ?? '').split('/').map(Number);
  const v = d ? n / d : n;
  return Number.isFinite(v) && v > 0 && v < 1000 ? v : 0;
}

/** The video file's stream facts, or why it is not a video this product can read. */
export async function probeVideoFile(body: Readable): Promise<VideoFileInfo | { problem: string }> {
  const json = await readProbe(body);
  const video = videoStreamOf(json);
  const formats = (json?.format?.format_name ?? '').split(',');
  if (!video) return { problem: 'no video stream could be read' };
  const container: VideoContainer | null = formats.some((f) => f === 'mp4' || f === 'mov')
    ? 'mp4'
    : formats.some((f) => f === 'webm' || f === 'matroska')
      ? 'webm'
      : null;
  if (!container) return { problem: `it is ${formats[0] || 'an unknown format'}, not MP4 or WebM` };
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate);
  if (!fps) return { problem: 'its frame rate could not be read' };
  const rotationRaw = Number(
    video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation != null)?.rotation ?? 0,
  );
  const rotation = ((Math.round(Number.isFinite(rotationRaw) ? rotationRaw : 0) % 360) + 360) % 360;
  const duration = Number(video.duration ?? json?.format?.duration ?? 0);
  return {
    container,
    fps,
    width: video.width!,
    height: video.height!,
    rotation,
    duration_sec: Number.isFinite(duration) ? duration : 0,
    has_audio: (json?.streams ?? []).some((s) => s.codec_type === 'audio'),
  };
}
