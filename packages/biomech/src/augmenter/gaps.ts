/**
 * The augmenter is an LSTM over the whole trial: one missing input value would poison every later frame, and
 * triangulation leaves gaps longer than it may fill (a toe hidden for half a second). So its input is bridged
 * here, and the markers of the frames that needed a bridge are dropped afterwards (NaN: IK leaves them out and
 * fits those frames to the video keypoints alone) instead of trusting markers predicted from guessed input.
 */
import type { MarkerTrajectories } from '../ik/solve-ik';
import { keypointIndex } from './features';
import { AUGMENTER_REFERENCE } from './spec';

export interface BridgedInput {
  /** A copy of the keypoints whose listed columns have no NaN (only meaningful when `usable`). */
  data: MarkerTrajectories;
  /** 1 where one of the listed keypoints was missing in that frame. */
  missing: Uint8Array;
  /** False when a listed keypoint is missing in every frame: nothing can be predicted. */
  usable: boolean;
}

/** Columns the augmenter reads for `features`: those keypoints and its reference (midHip, else both hips). */
function inputColumns(data: MarkerTrajectories, features: readonly string[]): number[] | null {
  const idx = keypointIndex(data);
  const reference = idx.has(AUGMENTER_REFERENCE) ? [AUGMENTER_REFERENCE] : ['RHip', 'LHip'];
  const cols: number[] = [];
  for (const n of [...features, ...reference]) {
    const i = idx.get(n);
    if (i === undefined) return null;
    if (!cols.includes(i)) cols.push(i);
  }
  return cols;
}

/**
 * Bridges every gap of the augmenter's input columns linearly (held at the ends) and marks the frames that
 * had one. Columns the augmenter does not read are copied as they are.
 */
export function bridgeAugmenterInput(data: MarkerTrajectories, features: readonly string[]): BridgedInput {
  const T = data.frames.length;
  const frames = data.frames.map((f) => Float64Array.from(f));
  const missing = new Uint8Array(T);
  const cols = inputColumns(data, features);
  // A keypoint the data lacks altogether is the augmenter's own error to report (features.ts names it).
  if (cols === null) return { data: { ...data, frames }, missing, usable: true };
  let usable = T > 0;
  for (const c of cols) {
    const seen: number[] = [];
    for (let t = 0; t < T; t++) {
      const f = frames[t];
      if (Number.isFinite(f[3 * c]) && Number.isFinite(f[3 * c + 1]) && Number.isFinite(f[3 * c + 2]))
        seen.push(t);
      else missing[t] = 1;
    }
    if (seen.length === 0) {
      usable = false;
      continue;
    }
    let k = 0;
    for (let t = 0; t < T; t++) {
      while (k + 1 < seen.length && seen[k + 1] <= t) k++;
      if (seen[k] === t) continue;
      const before = seen[k] <= t ? seen[k] : null;
      const after = before === null ? seen[0] : (seen[k + 1] ?? null);
      for (let a = 0; a < 3; a++) {
        const p0 = before === null ? NaN : frames[before][3 * c + a];
        const p1 = after === null ? NaN : frames[after][3 * c + a];
        frames[t][3 * c + a] =
          before === null ? p1 : after === null ? p0 : p0 + ((p1 - p0) * (t - before)) / (after - before);
      }
    }
  }
  return { data: { ...data, frames }, missing, usable };
}
