import { describe, expect, it } from 'vitest';
import { reconstructedSpan, sliceFrames } from './trim-edges';
import type { Keypoints3D } from './types';

/** Three keypoints over `n` frames at 60 fps; `missing[k]` lists the frames where keypoint k is NaN. */
function keypoints(n: number, missing: number[][]): Keypoints3D {
  return {
    names: ['a', 'b', 'c'],
    fps: 60,
    frameCount: n,
    startTimeSec: 2,
    positions: missing.map((gone) => {
      const p = new Float64Array(n * 3).map((_, i) => i);
      for (const f of gone) p.fill(NaN, f * 3, f * 3 + 3);
      return p;
    }),
    reprojectionErrorPx: missing.map(() => new Float64Array(n).map((_, f) => f)),
    cameraCount: missing.map(() => new Uint8Array(n).map((_, f) => f % 5)),
  };
}
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('cutting the frames where the body is not reconstructed (issue #28)', () => {
  it('cuts the leading frames where a knee is missing (two cameras only) and the trailing ones of another', () => {
    // 'b' missing in frames 0-149 (a file that started earlier, one camera not seeing it), 'c' at the end.
    const kp = keypoints(352, [[], range(0, 150), range(340, 352)]);
    expect(reconstructedSpan(kp)).toEqual({ start: 150, end: 340 });
    const cut = sliceFrames(kp, 150, 340);
    expect(cut.frameCount).toBe(190);
    expect(cut.startTimeSec).toBeCloseTo(2 + 150 / 60, 12);
    expect(cut.positions[0][0]).toBe(450);
    expect(cut.positions[2].length).toBe(190 * 3);
    expect(cut.reprojectionErrorPx[1][0]).toBe(150);
    expect(cut.cameraCount[1][0]).toBe(0);
    expect(cut.cameraCount[1][1]).toBe(1);
  });

  it('leaves gaps inside the trial, keypoints that are mostly missing and complete trials alone', () => {
    expect(reconstructedSpan(keypoints(100, [[], range(40, 60), []]))).toEqual({ start: 0, end: 100 });
    // 'c' is seen in frames 0-9 only: it does not shrink the trial to them.
    expect(reconstructedSpan(keypoints(100, [[], [], range(10, 100)]))).toEqual({ start: 0, end: 100 });
    const complete = keypoints(100, [[], [], []]);
    expect(sliceFrames(complete, 0, 100)).toBe(complete);
  });

  it('cuts nothing when no frame has every keypoint', () => {
    expect(reconstructedSpan(keypoints(100, [range(0, 50), range(50, 100), []]))).toEqual({
      start: 0,
      end: 100,
    });
  });
});
