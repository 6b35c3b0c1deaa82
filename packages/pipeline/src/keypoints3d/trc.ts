import { writeTrc, type MarkerTrajectories } from '@poselab/biomech';
import type { Keypoints3D } from './types';

/** 3D keypoints as biomech's marker trajectories (metres, one flat xyz array per frame, NaN when missing). */
export function toMarkerTrajectories(kp: Keypoints3D): MarkerTrajectories {
  const n = kp.names.length;
  const frames: Float64Array[] = [];
  const time: number[] = [];
  for (let f = 0; f < kp.frameCount; f++) {
    const row = new Float64Array(n * 3);
    for (let k = 0; k < n; k++) row.set(kp.positions[k].subarray(f * 3, f * 3 + 3), k * 3);
    frames.push(row);
    time.push(f / kp.fps);
  }
  return { names: [...kp.names], time, frames };
}

/**
 * OpenSim .trc text (metres, the calibration's world frame, time from the first frame), written by
 * @poselab/biomech's writer: missing samples are empty cells, which OpenSim reads as missing markers.
 */
export function formatTrc(kp: Keypoints3D, fileName = 'keypoints.trc'): string {
  return writeTrc(toMarkerTrajectories(kp), { fileName });
}
