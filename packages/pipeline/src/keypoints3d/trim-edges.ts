import type { Keypoints3D } from './types';

/**
 * Leading and trailing frames in which the body is not reconstructed are cut off. Cameras that shared no
 * clock start and stop at different times (files from GoPros, lab cameras, phones' camera apps, issue #28): the
 * trial spans wherever two cameras see, and where only two do, a joint hidden from one of them (a knee behind
 * the other leg) is missing for seconds, longer than gap filling bridges. Such a trial used to fail at the
 * marker augmenter ('missing at frame 0') although the later frames were fine.
 *
 * A keypoint counts when it is present in at least `minPresentShare` of the frames (one that is mostly missing,
 * e.g. seen in a few frames only, would otherwise cut the trial down to those frames); the kept span runs from
 * the first frame where every counted keypoint is present to the last such frame. Gaps inside it are left as
 * they are. When no frame has every counted keypoint, nothing is cut.
 */
export function reconstructedSpan(kp: Keypoints3D, minPresentShare = 0.5): { start: number; end: number } {
  const all = { start: 0, end: kp.frameCount };
  let start = 0;
  let end = kp.frameCount;
  for (const p of kp.positions) {
    let present = 0;
    let first = -1;
    let last = -1;
    for (let f = 0; f < kp.frameCount; f++)
      if (!Number.isNaN(p[f * 3])) {
        present++;
        if (first < 0) first = f;
        last = f;
      }
    if (present === 0 || present < minPresentShare * kp.frameCount) continue;
    start = Math.max(start, first);
    end = Math.min(end, last + 1);
  }
  return start < end ? { start, end } : all;
}

/** The frames [start, end) of `kp`, frame 0 at its new time on the same clock. */
export function sliceFrames(kp: Keypoints3D, start: number, end: number): Keypoints3D {
  if (start === 0 && end === kp.frameCount) return kp;
  return {
    ...kp,
    frameCount: end - start,
    startTimeSec: kp.startTimeSec + start / kp.fps,
    positions: kp.positions.map((p) => p.slice(start * 3, end * 3)),
    reprojectionErrorPx: kp.reprojectionErrorPx.map((e) => e.slice(start, end)),
    cameraCount: kp.cameraCount.map((c) => c.slice(start, end)),
  };
}
