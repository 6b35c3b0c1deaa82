import { describe, expect, it } from 'vitest';
import { parseOffset } from './chart-options';
import { parseMot } from './mot';
import { axisTitle, buildSeries, scaleColors, unitOf } from './series';

const table = parseMot(
  `x\ninDegrees=yes\nendheader\ntime\tknee_angle_r\tpelvis_ty\n0\t10\t1\n0.01\t20\t1.1\n`,
);

describe('chart series', () => {
  it('shifts time by the trial offset and gives each trial its colour and each quantity a dash', () => {
    const s = buildSeries(
      [
        { key: 'a', label: 'A', table, offset: 0 },
        { key: 'b', label: 'B', table, offset: 0.25 },
      ],
      'time',
      ['knee_angle_r', 'pelvis_ty'],
      'Viridis',
      'metric',
    );
    expect(s.map((x) => x.label)).toEqual([
      'A · knee_angle_r',
      'A · pelvis_ty',
      'B · knee_angle_r',
      'B · pelvis_ty',
    ]);
    expect(s[2].points[1]).toEqual({ x: 0.26, y: 20 });
    expect(s[0].color).toBe(s[1].color);
    expect(s[0].color).not.toBe(s[2].color);
    expect(s[0].dash).not.toEqual(s[1].dash);
    expect(s[1].points[0].y).toBeCloseTo(100, 9); // 1 m in cm
  });
  it('follows the unit preference for lengths and keeps angles in degrees', () => {
    expect(unitOf('pelvis_tx', 'imperial', true)).toEqual({ factor: 39.3701, unit: 'in' });
    expect(unitOf('hip_flexion_r', 'imperial', false).factor).toBeCloseTo(57.29578, 4);
    expect(axisTitle(['knee_angle_r'], 'metric')).toBe('knee_angle_r (°)');
  });
  it('gives distinct colours from each scale', () => {
    for (const name of ['Viridis', 'Hot', 'Yellow-Blue', 'Yellow-Green', 'Grays', 'Blues'] as const) {
      expect(new Set(scaleColors(name, 3)).size).toBe(3);
    }
  });
  it('parses an offset rounded to 4 decimals or rejects it', () => {
    expect(parseOffset('0.123456')).toBe(0.1235);
    expect(parseOffset('abc')).toBeNull();
    expect(parseOffset('')).toBeNull();
  });
});
