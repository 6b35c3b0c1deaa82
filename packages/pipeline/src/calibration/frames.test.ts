import { describe, expect, it } from 'vitest';
import { selectCalibrationFrames, sharedFrameTimes } from './frames';

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

describe('sharedFrameTimes', () => {
  const clock = { startTimeMs: 1_000_000, frameTimestampsMs: null, fps: 30, frameCount: 120 };
  it("uses the phone's timestamp of each frame when it reported one per frame", () => {
    // 118 of 120 frames reported (two callbacks missed): still one per frame.
    const ts = Array.from({ length: 118 }, (_, k) => 1_000_000 + k * 34);
    expect(sharedFrameTimes({ ...clock, frameTimestampsMs: ts }, [0, 1, 3])).toEqual([
      1000, 1001.02, 1003.06,
    ]);
  });
  it('else the start time plus the position; nothing without a start time', () => {
    expect(sharedFrameTimes({ ...clock, frameTimestampsMs: [1, 2, 3] }, [0.5])).toEqual([1000.5]);
    expect(sharedFrameTimes({ ...clock, startTimeMs: null }, [0.5])).toBeNull();
  });
});
