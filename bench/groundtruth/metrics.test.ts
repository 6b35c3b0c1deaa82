import { describe, expect, it } from 'vitest';
import { angleDiffDeg, dofError, lengthErrPct, meanRmse, pointError, seededRandom } from './metrics';
import { frameTimes } from './recording';

describe('bench figures', () => {
  it('wrap angle differences and give RMSE and bias', () => {
    expect(angleDiffDeg(179, -179)).toBeCloseTo(-2, 9);
    expect(angleDiffDeg(-179, 179)).toBeCloseTo(2, 9);
    const e = dofError([1, 3, NaN, 5], [0, 0, 0, 0]);
    expect(e.frames).toBe(3);
    expect(e.biasDeg).toBeCloseTo(3, 9);
    expect(e.rmseDeg).toBeCloseTo(Math.sqrt((1 + 9 + 25) / 3), 9);
    expect(meanRmse({ a: e, b: { rmseDeg: 1, biasDeg: 0, frames: 1 } }, ['a', 'b', 'missing'])).toBeCloseTo(
      (e.rmseDeg + 1) / 2,
      9,
    );
  });

  it('measure point distances and length errors', () => {
    const p = pointError(
      [
        [0, 0],
        [3, 4],
        [NaN, 0],
      ],
      [
        [0, 1],
        [0, 0],
        [0, 0],
      ],
    );
    expect(p).toEqual({ mean: 3, max: 5, count: 2 });
    expect(lengthErrPct(103, 100)).toBeCloseTo(3, 9);
  });

  it("time each phone's frames with its offset, repeating the picture of dropped frames", () => {
    const exact = frameTimes(1, 0.02, 4, 60, 0, Math.random);
    expect(exact.times).toEqual([1.02, 1.02 + 1 / 60, 1.02 + 2 / 60, 1.02 + 3 / 60]);
    const dropped = frameTimes(0, 0, 600, 60, 0.1, seededRandom(7));
    expect(dropped.dropped).toBeGreaterThan(30);
    expect(dropped.dropped).toBeLessThan(90);
    dropped.times.forEach((t, k) => {
      expect(t === k / 60 || t === dropped.times[k - 1]).toBe(true);
    });
    // Reproducible.
    expect(frameTimes(0, 0, 600, 60, 0.1, seededRandom(7)).times).toEqual(dropped.times);
  });
});
