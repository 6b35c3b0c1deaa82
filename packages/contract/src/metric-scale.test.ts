import { describe, expect, it } from 'vitest';
import type { AnalysisMetric } from './analysis-result';
import {
  asymmetryPercent,
  comparisonDash,
  hasReferenceRange,
  metricAxis,
  metricNumbers,
  metricScale,
  sideLetterBefore,
  USUAL_BAND_COLOR,
  usualRegion,
} from './metric-scale';

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

  it('without limits, positive values are drawn from zero so their ticks compare sizes', () => {
    const s = metricScale(metric({ min_limit: null, colors: ['#999', '#999', '#999'] }), [0.95, 1.14]);
    expect(s.min).toBe(0);
    expect(s.max).toBeCloseTo(1.14 * 1.15);
    expect(s.bands).toEqual([{ from: 0, to: s.max, color: '#999' }]);
    // Negative values keep the padded range.
    expect(metricScale(metric({ min_limit: null }), [-3, 2]).min).toBeLessThan(-3);
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

describe('metric axis (metrics without a reference range)', () => {
  const none = (over: Partial<AnalysisMetric>) =>
    metric({ min_limit: null, max_limit: null, colors: ['#999', '#999', '#999'], ...over });

  it('tells metrics with a reference range from those without', () => {
    expect(hasReferenceRange(metric({}))).toBe(true);
    expect(hasReferenceRange(none({}))).toBe(false);
  });

  it('starts at zero and rounds out to whole steps, labelled', () => {
    const a = metricAxis(none({ units: 'cm' }), [67]);
    expect(a.min).toBe(0);
    expect(a.max).toBeGreaterThanOrEqual(67);
    expect(a.ticks[0]).toBe(0);
    expect(a.ticks.at(-1)).toBe(a.max);
    expect(a.ticks.length).toBeGreaterThanOrEqual(3);
    expect(a.ticks.length).toBeLessThanOrEqual(6);
  });

  it('a 2° left/right difference of a signed angle stays small on a ±10° axis', () => {
    const a = metricAxis(none({ units: '°', decimals: 1 }), [-1, 1]);
    expect([a.min, a.max]).toEqual([-10, 10]);
    expect(a.ticks).toContain(0);
    // Trunk lean 2.4° and trunk flexion 85° no longer sit at the same place.
    expect(metricAxis(none({ units: '°' }), [2.4]).max).toBe(20);
    expect(metricAxis(none({ units: '°' }), [85]).max).toBeGreaterThanOrEqual(85);
  });

  it('counts step by whole numbers', () => {
    const a = metricAxis(none({ units: '', decimals: 0 }), [0, 1]);
    expect(a.ticks).toEqual([0, 1]);
    expect(a.decimals).toBe(0);
  });
});

describe('usualRegion', () => {
  const [RED, YELLOW, GREEN] = ['#d32f2f', '#f9a825', USUAL_BAND_COLOR];
  it('higher is better with two limits: the usual band above the upper one, the middle borderline', () => {
    // Gait speed (Perry 1995, Studenski 2011): below 0.8 red, 0.8–1.0 yellow, from 1.0 green. The report said
    // 'Reference range: 0.80 – 1.00 m/s', the borderline band, as if it were the usual one.
    const m = metric({ min_limit: 0.8, max_limit: 1.0, colors: [RED, YELLOW, GREEN] });
    expect(usualRegion(m)).toEqual({ from: 1.0, to: null, borderline: { from: 0.8, to: 1.0 } });
  });
  it('lower is better with one limit, a usual range, and no range', () => {
    expect(usualRegion(metric({ min_limit: null, max_limit: 35, colors: [GREEN, GREEN, RED] }))).toEqual({
      from: null,
      to: 35,
      borderline: null,
    });
    expect(usualRegion(metric({ min_limit: 90, max_limit: 110, colors: [YELLOW, GREEN, YELLOW] }))).toEqual({
      from: 90,
      to: 110,
      borderline: null,
    });
    expect(usualRegion(metric({ min_limit: 0.8, max_limit: null, colors: [RED, GREEN, GREEN] }))).toEqual({
      from: 0.8,
      to: null,
      borderline: null,
    });
    expect(usualRegion(metric({ min_limit: null, max_limit: null }))).toBeNull();
  });
});

describe('sideLetterBefore', () => {
  it('puts each side letter outside its tick: the lower value before, the higher after', () => {
    // Single support L 39.9 / R 39.3 drew 'L' left of its tick and 'R' right of its own: both in the gap.
    expect(sideLetterBefore({ left: 39.9, right: 39.3 })).toEqual({ left: false, right: true });
    expect(sideLetterBefore({ left: 31.2, right: 31.3 })).toEqual({ left: true, right: false });
    expect(sideLetterBefore({ left: 5, right: 5 })).toEqual({ left: true, right: false });
    expect(sideLetterBefore({ left: null, right: 5 })).toEqual({ left: true, right: false });
  });
});
