import { describe, expect, it } from 'vitest';
import { metricScale, type AnalysisMetric } from '@poselab/contract';
import { bandFor, NO_BAND } from './bands';

/** The colour the metric bar draws at value v (contract metricScale, as the dashboard and the report). */
function colourAt(key: string, height: number | null, v: number): string | undefined {
  const band = bandFor(key, height);
  const m = {
    ...band,
    value: v,
    label: '',
    info: '',
    bilateral: false,
    units: '',
    decimals: 1,
  } as AnalysisMetric;
  return metricScale(m, [v]).bands.find((b) => v >= b.from && v <= b.to)?.color;
}

describe('reference bands as the metric bars draw them', () => {
  it('lower is better without a lower limit: green up to the limit, red beyond (double support, contact time)', () => {
    expect(colourAt('double_support', 1.8, 22)).toBe('#388e3c');
    expect(colourAt('double_support', 1.8, 38)).toBe('#d32f2f');
    expect(colourAt('contact_time', null, 200)).toBe('#388e3c');
  });

  it('higher is better: red, yellow, green (gait speed)', () => {
    expect(colourAt('gait_speed', 1.8, 0.6)).toBe('#d32f2f');
    expect(colourAt('gait_speed', 1.8, 0.9)).toBe('#f9a825');
    expect(colourAt('gait_speed', 1.8, 1.3)).toBe('#388e3c');
  });

  it('a height-scaled range without the subject’s height has no band (not a green bar)', () => {
    expect(bandFor('stride_length', null)).toEqual(NO_BAND);
    expect(bandFor('step_width', null)).toEqual(NO_BAND);
    expect(colourAt('stride_length', 1.8, 1.4)).toBe('#388e3c');
  });
});
