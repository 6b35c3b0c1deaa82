import { describe, expect, it } from 'vitest';
import { dropUnsteadyMarkers, markersOf, medianJumpsMm } from './markers';

describe('markers and their steadiness', () => {
  // Two keypoints over 5 frames: 'still' jitters by 1 mm, 'flip' jumps 5 cm every frame.
  const positions = [
    Float64Array.from([0, 0, 0, 0.001, 0, 0, 0, 0, 0, 0.001, 0, 0, 0, 0, 0]),
    Float64Array.from([0, 1, 0, 0.05, 1, 0, 0, 1, 0, 0.05, 1, 0, 0, 1, 0]),
  ];
  const kp = {
    names: ['still', 'flip'],
    fps: 50,
    frameCount: 5,
    startTimeSec: 2,
    positions,
    reprojectionErrorPx: [],
    cameraCount: [],
  };
  it('turns 3D keypoints into marker trajectories on the common clock', () => {
    const m = markersOf(kp);
    expect(m.names).toEqual(['still', 'flip']);
    expect(m.time).toEqual([2, 2.02, 2.04, 2.06, 2.08]);
    expect([...m.frames[1]]).toEqual([0.001, 0, 0, 0.05, 1, 0]);
  });
  it('leaves out keypoints that jump while the subject stands still', () => {
    const m = markersOf(kp);
    expect(medianJumpsMm(m).map((v) => Math.round(v))).toEqual([1, 50]);
    const { data, dropped } = dropUnsteadyMarkers(m, 15);
    expect(dropped).toEqual(['flip']);
    expect(Number.isNaN(data.frames[0][3])).toBe(true);
    expect(data.frames[0][0]).toBe(0);
  });
  it('leaves out a keypoint that drifts by centimetres in every window, even with small jumps', () => {
    // 'slide' drifts 14 mm per frame (a detection sliding along the limb): median jump 14 mm, under the 15 mm
    // jump limit, but about 24 mm RMS in every 0.1 s window.
    const frames = 11;
    const slide = Float64Array.from({ length: frames * 3 }, (_, i) => (i % 3 === 0 ? (0.014 * i) / 3 : 0));
    const still = Float64Array.from({ length: frames * 3 }, (_, i) => (i % 3 === 0 ? 0.001 * (i % 2) : 1));
    const m = markersOf({ ...kp, names: ['still', 'slide'], frameCount: frames, positions: [still, slide] });
    expect(dropUnsteadyMarkers(m, 15).dropped).toEqual([]);
    const { dropped } = dropUnsteadyMarkers(m, 15, { maxStillMm: 15, stillWindowSec: 0.1 });
    expect(dropped).toEqual(['slide']);
  });
});
