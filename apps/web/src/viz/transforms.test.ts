import { describe, expect, it } from 'vitest';
import { animationDuration, frameAt, parseVisualizerTransforms } from './transforms';

describe('parseVisualizerTransforms', () => {
  it('accepts the SPEC §3 shape and defaults missing scale factors', () => {
    const t = parseVisualizerTransforms({
      time: [0, 0.01],
      bodies: {
        pelvis: {
          attachedGeometries: ['sacrum.vtp'],
          translation: [
            [0, 1, 0],
            [0, 1, 0],
          ],
          rotation: [
            [0, 0, 0],
            [0, 0, 0],
          ],
        },
      },
    });
    expect(t.bodies.pelvis.scaleFactors).toEqual([1, 1, 1]);
    expect(t.bodies.pelvis.attachedGeometries).toEqual(['sacrum.vtp']);
  });

  it('names the body whose frame count does not match', () => {
    expect(() =>
      parseVisualizerTransforms({
        time: [0, 1],
        bodies: { femur_r: { translation: [[0, 0, 0]], rotation: [[0, 0, 0]] } },
      }),
    ).toThrow(/femur_r.*1 translations.*2 times/);
    expect(() => parseVisualizerTransforms({ bodies: {} })).toThrow(/"time"/);
  });
});

describe('frameAt', () => {
  const time = [1.14, 1.15, 1.16, 1.17];
  it('maps playback time (from the animation start) to the frame shown', () => {
    expect(frameAt(time, 0)).toBe(0);
    expect(frameAt(time, 0.0099)).toBe(0);
    expect(frameAt(time, 0.01)).toBe(1);
    expect(frameAt(time, 0.025)).toBe(2);
    expect(frameAt(time, 5)).toBe(3);
    expect(frameAt(time, -1)).toBe(0);
  });
  it('counts the last frame as one sample long', () => {
    expect(animationDuration(time)).toBeCloseTo(0.04, 12);
  });
});
