import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@poselab/contract';
import { metricsCsv } from './csv';

const result = {
  metrics: {
    gait_speed: {
      label: 'Gait speed',
      info: '',
      value: 1.23456,
      bilateral: false,
      min_limit: 0.8,
      max_limit: 1,
      colors: ['a', 'b', 'c'],
      units: 'm/s',
      decimals: 2,
    },
    step_length: {
      label: 'Step length',
      info: '',
      value: { left: 0.61, right: null },
      bilateral: true,
      min_limit: null,
      max_limit: null,
      colors: ['a', 'b', 'c'],
      units: 'm',
      decimals: 2,
    },
    custom: {
      label: 'Odd, "quoted" label',
      info: '',
      value: null,
      bilateral: false,
      min_limit: null,
      max_limit: null,
      colors: ['a', 'b', 'c'],
      units: '',
      decimals: 0,
    },
  },
  scalar_values: { squat_depth: { label: 'Squat depth', value: 30.04, sd: 1.26, units: 'cm', decimals: 1 } },
  amplitudes: {
    rom_pelvis_tilt: { label: 'Pelvic tilt range', value: 4.123, min: 8, max: 12.123, units: '°' },
  },
} as unknown as AnalysisResult;

describe('metricsCsv', () => {
  it('writes one row per metric side, scalar value and amplitude, rounded to their decimals, quoting as RFC 4180', () => {
    expect(metricsCsv(result)).toBe(
      [
        'section,key,label,side,value,sd,min,max,units',
        'metric,gait_speed,Gait speed,,1.23,,,,m/s',
        'metric,step_length,Step length,left,0.61,,,,m',
        'metric,step_length,Step length,right,,,,,m',
        'metric,custom,"Odd, ""quoted"" label",,,,,,',
        'scalar_value,squat_depth,Squat depth,,30,1.3,,,cm',
        'amplitude,rom_pelvis_tilt,Pelvic tilt range,,4.12,,8,12.12,°',
        '',
      ].join('\n'),
    );
  });
  it('labels in German from the catalogue, keeping stored labels it does not know', () => {
    const csv = metricsCsv(result, 'de');
    expect(csv).toContain('metric,gait_speed,Ganggeschwindigkeit,');
    expect(csv).toContain('scalar_value,squat_depth,Tiefe der Kniebeuge,');
    expect(csv).toContain('"Odd, ""quoted"" label"');
  });
});
