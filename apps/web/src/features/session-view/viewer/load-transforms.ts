import type { Trial } from '@poselab/contract';
import { parseVisualizerTransforms, type VisualizerTransforms } from '../../../viz/transforms';
import { i18n } from '../../../i18n';
import { resultOf } from '../trial-status';

/** Fetches a trial's visualizer transforms (signed media URL; no auth header needed). */
export async function loadTransforms(trial: Trial, signal?: AbortSignal): Promise<VisualizerTransforms> {
  const r = resultOf(trial, 'visualizerTransforms-json');
  if (!r?.media) throw new Error(i18n.t('charts:resultNotFound', { tag: 'visualizerTransforms-json' }));
  const res = await fetch(r.media, { signal });
  if (!res.ok)
    throw new Error(i18n.t('session:viewer.animationFailed', { name: trial.name, status: res.status }));
  return parseVisualizerTransforms(await res.json());
}

export interface SyncedVideo {
  id: string;
  url: string;
  /** The phone that filmed it (its calibrated camera draws the overlay). */
  deviceId: string | null;
  /** The camera's number as its phone was paired ('Camera 2'; the worker stores it in the result's meta). */
  camera: number;
}

/** The synced videos of a trial (video-sync results), one per camera. */
export function syncedVideos(trial: Trial): SyncedVideo[] {
  return trial.results
    .filter((r) => r.tag === 'video-sync' && r.media)
    .map((r, i) => ({
      id: r.id,
      url: r.media as string,
      deviceId: r.device_id,
      camera: typeof r.meta?.camera === 'number' ? r.meta.camera : i + 1,
    }));
}
