import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMot, quantityKind } from './mot';

const sample = `Coordinates
version=1
nRows=2
nColumns=3
inDegrees=yes
endheader
time\tknee_angle_r\tpelvis_tx
 0.00\t 10.5\t 0.1
 0.01\t 11.0\t 0.2
`;

describe('parseMot', () => {
  it('reads columns, values and the degrees flag', () => {
    const m = parseMot(sample);
    expect(m.columns).toEqual(['time', 'knee_angle_r', 'pelvis_tx']);
    expect(m.data.knee_angle_r).toEqual([10.5, 11]);
    expect(m.inDegrees).toBe(true);
    expect(m.rows).toBe(2);
  });
  it('rejects a file without header end or with a short row', () => {
    expect(() => parseMot('time\n0')).toThrow(/endheader/);
    expect(() => parseMot(sample.replace(' 0.01\t 11.0\t 0.2', ' 0.01\t 11.0'))).toThrow(/line 9/);
  });
  it('classifies quantities', () => {
    expect(quantityKind('pelvis_ty')).toBe('length');
    expect(quantityKind('knee_angle_r')).toBe('angle');
  });
  const ref = resolve(__dirname, '../../../../../../shared/data/opencap-fk-reference/DJ1_videoAndMocap.mot');
  it.skipIf(!existsSync(ref))('reads the OpenCap reference .mot (../shared/data)', () => {
    const m = parseMot(readFileSync(ref, 'utf8'));
    expect(m.rows).toBe(86);
    expect(m.columns).toHaveLength(36);
    expect(m.data.time[0]).toBeCloseTo(1.14, 6);
    expect(m.data.knee_angle_r[0]).toBeCloseTo(33.86053816, 6);
  });
});
