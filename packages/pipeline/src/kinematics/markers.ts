/** 3D keypoints as biomech's marker trajectories, and which of them a neutral pose can trust. */
import { markerMovementsMm, type MarkerTrajectories } from '@poselab/biomech';
import type { Keypoints3D } from '../keypoints3d/types';

/** Biomech's marker input from 3D keypoints (names as the built-in model's markers), on the common clock. */
export function markersOf(kp: Keypoints3D): MarkerTrajectories {
  const names = [...kp.names];
  const time: number[] = [];
  const frames: Float64Array[] = [];
  for (let f = 0; f < kp.frameCount; f++) {
    time.push(kp.startTimeSec + f / kp.fps);
    const row = new Float64Array(names.length * 3);
    for (let k = 0; k < names.length; k++) {
      row[k * 3] = kp.positions[k][f * 3];
      row[k * 3 + 1] = kp.positions[k][f * 3 + 1];
      row[k * 3 + 2] = kp.positions[k][f * 3 + 2];
    }
    frames.push(row);
  }
  return { names, time, frames };
}

/**
 * Median frame-to-frame jump of each marker (mm). A subject holding the neutral pose moves a few millimetres
 * per frame; a keypoint whose triangulation flips between camera subsets jumps by centimetres every frame.
 */
export function medianJumpsMm(data: MarkerTrajectories): number[] {
  return data.names.map((_, k) => {
    const jumps: number[] = [];
    for (let f = 1; f < data.frames.length; f++) {
      const a = data.frames[f - 1];
      const b = data.frames[f];
      const d = Math.hypot(b[k * 3] - a[k * 3], b[k * 3 + 1] - a[k * 3 + 1], b[k * 3 + 2] - a[k * 3 + 2]);
      if (Number.isFinite(d)) jumps.push(d * 1000);
    }
    if (jumps.length === 0) return NaN;
    jumps.sort((x, y) => x - y);
    return jumps[jumps.length >> 1];
  });
}

function median(values: number[]): number {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[s.length >> 1];
}

/**
 * Each marker's RMS distance from its mean position (mm) in the stillest window of `windowFrames` consecutive
 * frames, the window where the median marker moves least. A marker that still moves by centimetres while the
 * rest of the body is at its stillest is a detection sliding about, not the subject.
 */
export function movementInStillestWindowMm(data: MarkerTrajectories, windowFrames: number): number[] {
  const n = data.frames.length;
  const len = Math.max(2, Math.min(n, windowFrames));
  let best: number[] = data.names.map(() => NaN);
  let bestScore = Infinity;
  for (let s = 0; s + len <= n; s++) {
    const moves = Array.from(markerMovementsMm(data, s, s + len));
    const score = median(moves);
    if (score < bestScore) {
      bestScore = score;
      best = moves;
    }
  }
  return best;
}

/**
 * Marks as missing (NaN) the markers that cannot be trusted in a neutral pose, so that scaling uses the
 * reliable ones: a median frame-to-frame jump above `maxJumpMm`, or, with `still`, a movement above
 * `maxStillMm` RMS in the stillest window of `stillWindowSec` (the static-window search would otherwise find no
 * still period because of those few markers). Returns the cleaned copy and the names left out (reported to
 * the user as a warning).
 */
export function dropUnsteadyMarkers(
  data: MarkerTrajectories,
  maxJumpMm = 20,
  still?: { maxStillMm: number; stillWindowSec: number },
): { data: MarkerTrajectories; dropped: string[] } {
  const jumps = medianJumpsMm(data);
  const bad = new Set(jumps.flatMap((j, k) => (j > maxJumpMm ? [k] : [])));
  if (still && data.frames.length > 1) {
    const duration = data.time[data.time.length - 1] - data.time[0];
    const rate = duration > 0 ? (data.frames.length - 1) / duration : 1;
    const windowFrames = Math.round(still.stillWindowSec * rate) + 1;
    movementInStillestWindowMm(data, windowFrames).forEach((m, k) => {
      if (m > still.maxStillMm) bad.add(k);
    });
  }
  if (bad.size === 0) return { data, dropped: [] };
  const frames = data.frames.map((row) => {
    const out = Float64Array.from(row);
    for (const k of bad) out[k * 3] = out[k * 3 + 1] = out[k * 3 + 2] = NaN;
    return out;
  });
  return { data: { ...data, frames }, dropped: [...bad].sort((a, b) => a - b).map((k) => data.names[k]) };
}
