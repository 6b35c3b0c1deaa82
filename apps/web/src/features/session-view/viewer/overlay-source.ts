import {
  CAMERA_CALIBRATION_TAG,
  cameraCalibrationResult,
  type CameraCalibrationResult,
  type CameraModelJson,
  type Trial,
} from '@poselab/contract';
import { readOsim } from '@poselab/biomech/browser';
import { overlaySkeleton, type OverlaySkeleton } from '../../../viz/overlay-data';
import type { VisualizerTransforms } from '../../../viz/transforms';
import { resultOf } from '../trial-status';

/** Why the overlay cannot be drawn (keys of the viewer catalogue's overlay texts). */
export class OverlayUnavailable extends Error {
  constructor(readonly reason: 'noCalibration' | 'noModel') {
    super(reason);
  }
}

function parsedCalibration(t: Trial): CameraCalibrationResult | null {
  const r = t.results.find((x) => x.tag === CAMERA_CALIBRATION_TAG);
  const parsed = r ? cameraCalibrationResult.safeParse(r.meta) : null;
  return parsed?.success ? parsed.data : null;
}

const newestFirst = (a: Trial, b: Trial) => b.created_at.localeCompare(a.created_at);

/**
 * The calibration a trial was processed with: its own 'camera-calibration' result (the worker stores the one it
 * used), else that of the session's newest processed neutral (which picked each camera's extrinsic solution and
 * which trials processed before that result existed used), else the newest calibration trial's.
 */
export function calibrationOf(trial: Trial, sessionTrials: Trial[]): CameraCalibrationResult | null {
  const own = parsedCalibration(trial);
  if (own) return own;
  const done = sessionTrials.filter((t) => t.status === 'done').sort(newestFirst);
  for (const name of ['neutral', 'calibration']) {
    for (const t of done.filter((x) => x.name === name)) {
      const c = parsedCalibration(t);
      if (c) return c;
    }
  }
  return null;
}

export interface OverlaySource {
  skeleton: OverlaySkeleton;
  /** Calibrated cameras by the phone (device id) that filmed with them. */
  cameras: Map<string, CameraModelJson>;
}

/** Loads what the video overlay draws of a trial: its scaled model's skeleton and its cameras. */
export async function loadOverlaySource(
  trial: Trial,
  sessionTrials: Trial[],
  transforms: VisualizerTransforms,
  signal?: AbortSignal,
): Promise<OverlaySource> {
  const calibration = calibrationOf(trial, sessionTrials);
  if (!calibration) throw new OverlayUnavailable('noCalibration');
  const model = resultOf(trial, 'opensim_model');
  if (!model?.media) throw new OverlayUnavailable('noModel');
  const res = await fetch(model.media, { signal });
  if (!res.ok) throw new Error(`Could not load the scaled model of ${trial.name} (${res.status})`);
  const skeleton = overlaySkeleton(readOsim(await res.text()), transforms);
  const cameras = new Map<string, CameraModelJson>();
  for (const c of calibration.cameras) if (c.device_id) cameras.set(c.device_id, c.camera);
  return { skeleton, cameras };
}
