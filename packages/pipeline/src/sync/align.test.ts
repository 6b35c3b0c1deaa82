import { describe, expect, it } from 'vitest';
import { trialSpan } from './align';

describe('trialSpan', () => {
  it('is the time every camera recorded when files started and stopped seconds apart', () => {
    // Issue #28's import: 0, 1.7, 4.2 and 7.9 s of lead before a 1.67 s clip; the trial is the clip.
    const spans: [number, number][] = [
      [0, 1.67],
      [-1.7, 1.67],
      [-4.2, 1.67],
      [-7.9, 1.7],
    ];
    expect(trialSpan(spans)).toEqual([0, 1.67]);
  });

  it('is where at least two cameras recorded when all of them share less than half a second', () => {
    // Camera 3 filmed only the first 0.3 s of the others' trial.
    const spans: [number, number][] = [
      [0, 4],
      [0.02, 4.1],
      [-0.1, 0.3],
    ];
    expect(trialSpan(spans)).toEqual([0, 4]);
  });
});
