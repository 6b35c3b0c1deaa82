import { describe, expect, it } from 'vitest';
import { selectCalibrationFrames } from './frames';

describe('selectCalibrationFrames', () => {
  it('spreads frames over the whole recording by decoding every n-th frame', () => {
    expect(selectCalibrationFrames({ frameCount: 300, fps: 60, durationSec: 5 }, { maxFrames: 24 })).toEqual({
      everyNth: 12,
      maxFrames: 24,
      startSec: 0.2,
    });
  });
  it('keeps every frame of a short clip and falls back on duration when the frame count is unknown', () => {
    expect(selectCalibrationFrames({ frameCount: 10, fps: 30, durationSec: 0.33 })).toEqual({
      everyNth: 1,
      maxFrames: 24,
      startSec: 0,
    });
    expect(
      selectCalibrationFrames({ frameCount: 0, fps: 30, durationSec: 10 }, { maxFrames: 10 }).everyNth,
    ).toBe(29);
  });
});
