import { describe, expect, it } from 'vitest';
import { scalarValue } from './result';

describe('scalarValue', () => {
  it('gives mean ± SD over repetitions, and no SD for a single value such as a count', () => {
    const depth = scalarValue('squat_depth', [30, 32, 34], 'cm', 1);
    expect(depth.value).toBe(32);
    expect(depth.sd).toBeGreaterThan(1);
    expect(scalarValue('repetitions', [5], '', 0)).toMatchObject({ value: 5, sd: null });
    expect(scalarValue('repetitions', [], '', 0)).toMatchObject({ value: null, sd: null });
  });
});
