import { emptyKeypoints2D, type Keypoints2D } from '../pose/types';
import type { SyncResult } from './synchronize';

export interface AlignedViews {
  /** Indices (into the input) of the cameras kept: those that match the trial. */
  cameras: number[];
  /** Keypoints of the kept cameras resampled on the common time grid, frame i at startSec + i / fps. */
  views: Keypoints2D[];
  fps: number;
  /** Common-clock time of frame 0. */
  startSec: number;
}

function frameTime(kp: Keypoints2D, f: number): number {
  return kp.timestamps ? kp.timestamps[f] : f / kp.fps;
}

/** Fractional frame index of video time t (NaN outside the video). */
function frameAt(kp: Keypoints2D, t: number): number {
  const n = kp.frameCount;
  if (n === 0) return NaN;
  if (!kp.timestamps) {
    const f = t * kp.fps;
    return f < -1e-6 || f > n - 1 + 1e-6 ? NaN : Math.min(n - 1, Math.max(0, f));
  }
  const ts = kp.timestamps;
  if (t < ts[0] - 1e-9 || t > ts[n - 1] + 1e-9) return NaN;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (ts[mid] <= t) lo = mid;
    else hi = mid;
  }
  return hi === lo ? lo : lo + Math.min(1, Math.max(0, (t - ts[lo]) / (ts[hi] - ts[lo])));
}

/** Shortest time all cameras must share for the trial to be cut to it (s). */
const MIN_SHARED_SEC = 0.5;

/**
 * The trial's time span from each kept camera's [first, last] frame time on the common clock: the time every
 * camera recorded, as OpenCap cuts its videos. Files started or stopped seconds apart (an import, phones
 * started by hand) would otherwise add moments seen by fewer cameras, where the subject was waiting and the
 * weakly observed angles take another path through IK. Only when the cameras share less than MIN_SHARED_SEC
 * (one camera recorded a moment of the others' trial) is the span the one at least two cameras cover.
 */
export function trialSpan(spans: ReadonlyArray<readonly [number, number]>): [number, number] {
  const allStart = Math.max(...spans.map((s) => s[0]));
  const allEnd = Math.min(...spans.map((s) => s[1]));
  if (allEnd - allStart >= MIN_SHARED_SEC) return [allStart, allEnd];
  const starts = spans.map((s) => s[0]).sort((a, b) => a - b);
  const ends = spans.map((s) => s[1]).sort((a, b) => b - a);
  return [starts[1], ends[1]];
}

/**
 * Resamples the matching cameras on one time grid (the reference camera's frame rate), over the trial's span
 * (trialSpan). Keypoints between two frames are interpolated linearly; the confidence is the lower of the two
 * frames'.
 */
export function alignViews(views: readonly Keypoints2D[], sync: SyncResult): AlignedViews {
  const cameras = views.map((_, c) => c).filter((c) => sync.matches[c] && Number.isFinite(sync.startSec[c]));
  if (cameras.length < 2)
    throw new Error(`Only ${cameras.length} camera(s) match the trial: at least 2 are needed`);
  const ref = views[sync.referenceCamera];
  const fps = ref.fps;
  const spans = cameras.map((c): [number, number] => [
    sync.startSec[c] + frameTime(views[c], 0),
    sync.startSec[c] + frameTime(views[c], views[c].frameCount - 1),
  ]);
  const [t0, t1] = trialSpan(spans);
  const frameCount = Math.max(0, Math.floor((t1 - t0) * fps + 1e-6) + 1);
  const K = ref.names.length;
  const out = cameras.map((c) => {
    const src = views[c];
    const dst = emptyKeypoints2D(src.names, frameCount, fps, src.width, src.height);
    for (let f = 0; f < frameCount; f++) {
      const pos = frameAt(src, t0 + f / fps - sync.startSec[c]);
      if (Number.isNaN(pos)) continue;
      const a = Math.floor(pos);
      const b = Math.min(src.frameCount - 1, a + 1);
      const w = pos - a;
      for (let k = 0; k < K; k++) {
        const ia = (a * K + k) * 3;
        const ib = (b * K + k) * 3;
        const o = (f * K + k) * 3;
        const conf = w < 1e-6 ? src.data[ia + 2] : Math.min(src.data[ia + 2], src.data[ib + 2]);
        if (!(conf > 0)) continue;
        const wb = w < 1e-6 ? 0 : w; // avoids NaN * 0 when the next frame is missing
        dst.data[o] = wb ? src.data[ia] * (1 - wb) + src.data[ib] * wb : src.data[ia];
        dst.data[o + 1] = wb ? src.data[ia + 1] * (1 - wb) + src.data[ib + 1] * wb : src.data[ia + 1];
        dst.data[o + 2] = conf;
      }
    }
    return dst;
  });
  return { cameras, views: out, fps, startSec: t0 };
}
