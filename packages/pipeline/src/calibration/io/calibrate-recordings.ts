import { findCameraProfile, type CameraProfile } from '../profiles';
import { drawCalibrationImage } from '../render/draw';
import { calibrateRig, type RigOptions, type RigResult } from '../rig';
import type { BoardSpec, GrayImage } from '../types';
import { readCalibrationFrames } from './read-frames';

export interface CalibrationRecording {
  /** Camera (device) name, kept in the results. */
  name: string;
  /** Path of the calibration video (or image) of this camera. */
  file: string;
  /** Phone model, to look up a stored camera profile. */
  phoneModel?: string;
}

export interface CalibrationImage {
  name: string;
  /** PNG bytes of the calibration image (result tag calibration-img); the caller writes/stores them. */
  png: Uint8Array;
}

/**
 * Adapter for the worker: reads each camera's calibration recording, runs calibrateRig and draws the
 * calibration images (only for the cameras that were calibrated).
 */
export async function calibrateRecordings(
  recordings: CalibrationRecording[],
  board: BoardSpec,
  opts: RigOptions & { profiles?: CameraProfile[]; maxFrames?: number } = {},
): Promise<{ rig: RigResult; images: CalibrationImage[] }> {
  const frames: GrayImage[][] = [];
  const inputs = [];
  for (const rec of recordings) {
    const read = await readCalibrationFrames(rec.file, { maxFrames: opts.maxFrames });
    frames.push(read.frames);
    const { width, height } = read.frames[0];
    const profile =
      rec.phoneModel && opts.profiles
        ? findCameraProfile(opts.profiles, rec.phoneModel, width, height)
        : null;
    inputs.push({ name: rec.name, frames: read.frames, profile: profile ?? undefined });
  }
  const rig = calibrateRig(inputs, board, opts);
  const images: CalibrationImage[] = [];
  rig.perCamera.forEach((r, i) => {
    const camera = rig.cameras.find((c) => c.name === r.name);
    if (!r.ok || !camera || r.frameIndex === undefined || !r.corners) return;
    const png = drawCalibrationImage(frames[i][r.frameIndex], r.corners, camera, {
      rows: board.rows,
      cols: board.cols,
      squareSize: board.squareSize,
    });
    images.push({ name: r.name, png });
  });
  return { rig, images };
}
