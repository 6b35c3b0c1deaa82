/**
 * What each virtual phone records: the times of the motion its frames show (its own start offset, 60 fps,
 * dropped frames repeating the previous picture as a phone's constant-rate video does), and the videos.
 */
import { join } from 'node:path';
import type { CameraModel } from '@poselab/pipeline';
import { seededRandom } from './metrics';
import type { AvatarRenderer } from './render';
import { VideoWriter } from './render';
import type { AvatarPose } from './retarget';

export interface PhoneClip {
  camera: CameraModel;
  file: string;
  /** Motion time shown by each frame of the video (s, on the motion's clock). */
  frameTimes: number[];
  dropped: number;
}

/**
 * Motion times of a phone's frames: it starts `offsetSec` after `startSec` and records `frames` frames at `fps`;
 * each frame after the first is dropped with probability `dropRate` (the previous picture is shown again).
 */
export function frameTimes(
  startSec: number,
  offsetSec: number,
  frames: number,
  fps: number,
  dropRate: number,
  random: () => number,
): { times: number[]; dropped: number } {
  const times: number[] = [];
  let dropped = 0;
  for (let k = 0; k < frames; k++) {
    if (k > 0 && dropRate > 0 && random() < dropRate) {
      times.push(times[k - 1]);
      dropped++;
    } else times.push(startSec + offsetSec + k / fps);
  }
  return { times, dropped };
}

/** Renders and encodes one video per camera; frames showing the same time are rendered once. */
export async function recordClips(
  renderer: AvatarRenderer,
  poseAt: (t: number) => AvatarPose,
  cameras: CameraModel[],
  plan: {
    startSec: number;
    offsetsSec: number[];
    frames: number;
    fps: number;
    dropRate: number;
    /** The subject holds still: one picture per camera. */
    still?: boolean;
    /** Video size when the frames are rendered smaller. */
    size?: [number, number];
  },
  dir: string,
  label: string,
): Promise<PhoneClip[]> {
  const clips: PhoneClip[] = [];
  // Each video is encoded while the next camera renders.
  const encoding: Promise<void>[] = [];
  const started = performance.now();
  for (const [c, camera] of cameras.entries()) {
    const { times, dropped } = frameTimes(
      plan.startSec,
      plan.offsetsSec[c] ?? 0,
      plan.frames,
      plan.fps,
      plan.dropRate,
      seededRandom(1000 + c),
    );
    const file = join(dir, `${label}-cam${c + 1}.mp4`);
    const writer = new VideoWriter(file, plan.fps, plan.size);
    let last: { t: number; jpeg: Buffer } | null = null;
    for (const [k, t] of times.entries()) {
      if (!last || (!plan.still && last.t !== t)) last = { t, jpeg: await renderer.frame(poseAt(t), camera) };
      await writer.write(last.jpeg);
      if (k % 30 === 29)
        process.stdout.write(
          `\r${label}: camera ${c + 1}/${cameras.length}, frame ${k + 1}/${times.length} (${((performance.now() - started) / 1000).toFixed(0)} s)   `,
        );
    }
    encoding.push(writer.close());
    clips.push({ camera, file, frameTimes: times, dropped });
  }
  await Promise.all(encoding);
  process.stdout.write('\n');
  return clips;
}
