import { describe, expect, it } from 'vitest';
import { ANALYSIS_FUNCTION_SPECS } from '../registry';
import { bandFor } from './bands';
import { referenceSources } from './sources';

describe('reference sources', () => {
  it('every metric with a reference range names its source, and none without one', () => {
    const keys = [...new Set(ANALYSIS_FUNCTION_SPECS.flatMap((f) => f.keys.metrics))];
    for (const key of keys) {
      const band = bandFor(key, 1.75);
      const hasBand = band.min_limit !== null || band.max_limit !== null;
      expect(referenceSources(key).length > 0, key).toBe(hasBand);
    }
  });
});
