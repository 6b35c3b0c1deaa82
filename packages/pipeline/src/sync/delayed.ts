import type { Keypoints2D } from '../pose/types';

/**
 * The keypoints as if the video had started `shiftFrames` frames later (linear resampling in time; the last
 * frames that would need data past the end are dropped). Used to check that sync recovers known lags.
 */
export function delayedKeypoints(kp: Keypoints2D, shiftFrames: number): Keypoints2D {
  if (!(shiftFrames >= 0) || shiftFrames >= kp.frameCount - 1)
    throw new Error(`A shift of ${shiftFrames} frames does not fit a ${kp.frameCount}-frame video`);
  const K3 = kp.names.length * 3;
  const n = Math.floor(kp.frameCount - 1 - shiftFrames);
  const data = new Float64Array(n * K3);
  for (let f = 0; f < n; f++) {
    const a = Math.floor(f + shiftFrames);
    const w = f + shiftFrames - a;
    for (let i = 0; i < K3; i++) {
      const va = kp.data[a * K3 + i];
      data[f * K3 + i] = w === 0 ? va : va * (1 - w) + kp.data[(a + 1) * K3 + i] * w;
    }
  }
  return { ...kp, frameCount: n, data, timestamps: undefined };
}
