import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '@poselab/pipeline';

const run = promisify(execFile);

/**
 * Writes the synced video of one camera: [startSec, startSec + durationSec) of its own timeline, re-encoded
 * as H.264 (yuv420p, faststart) so every browser plays it, long side at most 1280 px, no audio. Its frame 0 is
 * results time 0 and it lasts as long as the results: a camera that started recording after that moment
 * (startSec < 0) or stopped before the end gets black frames for the time it has no picture, so that the viewer
 * and the model overlay meet every camera at the same time.
 */
export async function writeSyncedVideo(
  input: string,
  output: string,
  startSec: number,
  durationSec: number,
): Promise<void> {
  const args = ['-v', 'error', '-nostdin', '-y'];
  if (startSec > 0) args.push('-ss', startSec.toFixed(4));
  args.push('-i', input, '-t', Math.max(0.05, durationSec).toFixed(4));
  const filters = ["scale='if(gt(iw,ih),min(1280,iw),-2)':'if(gt(iw,ih),-2,min(1280,ih))'"];
  // Black before a late start and after an early end; -t cuts the padding at the results' end.
  const lead = startSec < 0 ? `start_duration=${(-startSec).toFixed(4)}:start_mode=add:` : '';
  filters.push(`tpad=${lead}stop_duration=${durationSec.toFixed(4)}:stop_mode=add:color=black`);
  args.push(
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    output,
  );
  try {
    await run(ffmpegPath, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    throw new Error(
      `ffmpeg could not write the synced video ${output}: ${(err as { stderr?: string }).stderr ?? String(err)}`,
      {
        cause: err,
      },
    );
  }
}
