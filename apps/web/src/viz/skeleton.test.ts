import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton';
import type { VisualizerTransforms } from './transforms';

const transforms: VisualizerTransforms = {
  time: [0, 0.1, 0.2, 0.3],
  bodies: {
    pelvis: {
      scaleFactors: [1, 1, 1],
      attachedGeometries: [],
      rotation: [0, 1, 2, 3].map(() => [0, 0, 0] as [number, number, number]),
      translation: [0, 1, 2, 3].map((i) => [i * 0.1, 0.9, 0] as [number, number, number]),
    },
  },
};

describe('Skeleton time offset', () => {
  it('shows frame 0 until its offset, then the frame at clock time − offset', () => {
    const s = new Skeleton(transforms, '#d62728', 0, false);
    expect(s.showTime(0.2)).toBe(2);
    s.timeOffset = 0.15;
    expect(s.showTime(0.1)).toBe(0);
    expect(s.showTime(0.25)).toBe(1);
    expect(s.showTime(0.45)).toBe(3);
    s.timeOffset = -0.1;
    expect(s.showTime(0)).toBe(1);
    s.dispose();
  });
});
