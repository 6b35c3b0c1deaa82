import { join } from 'node:path';
import {
  createBlurringFaceModel,
  findFaceRegions,
  headBoxesFromKeypoints,
  rawPosesToKeypoints,
  writeBlurredVideo,
  type RawPoseTrack,
} from '@poselab/pipeline';
import type { JobContext } from '../runner';
import type { CameraView } from './keypoint-stage';

export interface DeidentifyCamera {
  cam: CameraView;
  /** The camera's pose detections (the subject's head is blurred in every frame from them). */
  track: RawPoseTrack;
  /** The synced video written for this camera and its first frame in the original's frames. */
  synced: { file: string; startFrame: number };
}

/**
 * The de-identification step (issue #27): for every camera a copy of the trial video and of its synced video
 * with every face blurred, stored beside the originals as results 'video-deidentified' and
 * 'video-sync-deidentified', for trials of subjects who chose de-identified videos (the server decides which
 * copy a caller gets, media-access.service.ts).
 */
export async function deidentifyVideos(
  ctx: JobContext,
  cameras: DeidentifyCamera[],
  from: number,
  to: number,
): Promise<void> {
  await ctx.step('deidentify', from, 'Blurring faces in the videos', async () => {
    const model = await createBlurringFaceModel();
    try {
      for (const [j, { cam, track, synced }] of cameras.entries()) {
        const original = ctx.videoPaths.get(cam.video.id)!;
        const heads = headBoxesFromKeypoints(rawPosesToKeypoints(track));
        const plan = await findFaceRegions(original, {
          heads,
          model,
          onProgress: (done, total) => {
            const share = Math.min(1, done / Math.max(1, total)) / 2;
            ctx.progress(from + ((to - from) * (j + share)) / cameras.length, 'Blurring faces in the videos');
          },
        });
        const blurredOriginal = join(ctx.workDir, `video-deidentified-${cam.number}.mp4`);
        await writeBlurredVideo(original, blurredOriginal, plan);
        ctx.checkCancelled();
        const blurredSynced = join(ctx.workDir, `video-sync-deidentified-${cam.number}.mp4`);
        await writeBlurredVideo(synced.file, blurredSynced, plan, { frameOffset: synced.startFrame });
        const meta = { camera: cam.number, faces_found: plan.facesFound, scanned_frames: plan.scannedFrames };
        await ctx.putResult({
          tag: 'video-deidentified',
          deviceId: cam.video.device_id,
          meta,
          fileName: `video-deidentified-${cam.number}.mp4`,
          filePath: blurredOriginal,
        });
        await ctx.putResult({
          tag: 'video-sync-deidentified',
          deviceId: cam.video.device_id,
          meta: { ...meta, index: j },
          fileName: `video-sync-deidentified-${cam.number}.mp4`,
          filePath: blurredSynced,
        });
        ctx.progress(from + ((to - from) * (j + 1)) / cameras.length, 'Blurring faces in the videos');
      }
    } finally {
      model.dispose();
    }
  });
}
