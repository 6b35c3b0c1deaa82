import type { Trial } from '@poselab/contract';
import { parseVisualizerTransforms, type VisualizerTransforms } from '../../../viz/transforms';
import { resultOf } from '../trial-status';

/** Fetches a trial's visualizer transforms (signed media URL; no auth header needed). */
export async function loadTransforms(trial: Trial, signal?: AbortSignal): Promise<VisualizerTransforms> {
  const r = resultOf(trial, 'visualizerTransforms-json');
  if (!r?.media) throw new Error(`Result with tag "visualizerTransforms-json" not found`);
  const res = await fetch(r.media, { signal });
  if (!res.ok) throw new Error(`Could not load the 3D animation of ${trial.name} (${res.status})`);
  return parseVisualizerTransforms(await res.json());
}

export interface SyncedVideo {
  id: string;
  url: string;
  /** The phone that filmed it (its calibrated camera draws the overlay). */
  deviceId: string | null;
}

/** The synced videos of a trial (video-sync results), one per camera. */
export function syncedVideos(trial: Trial): SyncedVideo[] {
  return trial.results
    .filter((r) => r.tag === 'video-sync' && r.media)
    .map((r) => ({ id: r.id, url: r.media as string, deviceId: r.device_id }));
}
