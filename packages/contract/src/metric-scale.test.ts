import { describe, expect, it } from 'vitest';
import type { AnalysisMetric } from './analysis-result';
import { asymmetryPercent, comparisonDash, metricNumbers, metricScale } from './metric-scale';

const metric = (over: Partial<AnalysisMetric>): AnalysisMetric => ({
  label: 'Gait speed',
  info: '',
  value: 1.2,
  bilateral: false,
  min_limit: 1.12,
  max_limit: null,
  colors: ['#f00', '#ff0', '#0f0'],
  units: 'm/s',
  decimals: 2,
  ...over,
});

describe('metric bar scale', () => {
  it('3 colours split at the limits, the range padded around limits and values', () => {
    const s = metricScale(metric({ min_limit: 1, max_limit: 2 }), [0.5, 2.5]);
    expect(s.min).toBeCloseTo(0.5 - 0.3);
    expect(s.max).toBeCloseTo(2.5 + 0.3);
    expect(s.bands.map((b) => [b.from, b.to, b.color])).toEqual([
      [s.min, 1, '#f00'],
      [1, 2, '#ff0'],
      [2, s.max, '#0f0'],
    ]);
  });

  it('an unset upper limit leaves the band above it out', () => {
    const s = metricScale(metric({}), [1.3]);
    expect(s.bands.map((b) => b.color)).toEqual(['#f00', '#ff0']);
    expect(s.bands[1].to).toBe(s.max);
  });

  it('5 colours split at the four limits in order', () => {
    const s = metricScale(
      metric({
        min_limit_2: 80,
        min_limit: 90,
        max_limit: 110,
        max_limit_2: 120,
        colors: ['a', 'b', 'c', 'd', 'e'],
      }),
      [100],
    );
    expect(s.bands.map((b) => [b.from, b.to])).toEqual([
      [s.min, 80],
      [80, 90],
      [90, 110],
      [110, 120],
      [120, s.max],
    ]);
  });

  it('bilateral values, asymmetry and dashes', () => {
    expect(metricNumbers({ left: 0.6, right: null })).toEqual([0.6]);
    expect(metricNumbers(null)).toEqual([]);
    expect(asymmetryPercent(0.6, 0.66)).toBeCloseTo((0.06 / 0.63) * 100);
    expect(asymmetryPercent(0, 0)).toBeNull();
    expect(comparisonDash(0)).toEqual([]);
    expect(comparisonDash(8)).not.toEqual([]);
  });
});
