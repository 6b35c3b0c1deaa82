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
  streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number }>;
  format?: { format_name?: string };
}

const PROBE_TIMEOUT_MS = 60_000;

/**
 * Reads the stream with ffprobe (through a pipe, so it works the same for local and S3 storage) and answers
 * null when it is a readable video of the container, else why not.
 */
export async function probeVideoStream(body: Readable, container: VideoContainer): Promise<string | null> {
  const json = await new Promise<ProbeJson | null>((resolve, reject) => {
    const child = spawn(
      ffprobeBinary(),
      [
        '-v',
        'error',
        '-show_entries',
        'format=format_name:stream=codec_type,codec_name,width,height',
        '-of',
        'json',
        '-i',
        'pipe:0',
      ],
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
  const formats = (json?.format?.format_name ?? '').split(',');
  const video = json?.streams?.find(
    (s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  if (!video || formats.length === 0 || formats[0] === '') return 'no video stream could be read';
  const expected = container === 'webm' ? ['webm', 'matroska'] : ['mp4', 'mov'];
  if (!formats.some((f) => expected.includes(f))) return `it is ${formats[0]}, not ${container}`;
  return null;
}
