import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readMot, readOsim } from '@poselab/biomech';
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args';
import { truthMotion } from './motion';

const OSIM = resolve(import.meta.dirname, '../../../shared/data/opencap-models/LaiUhlrich2022.osim');

const mot = (inDegrees: boolean, rows: string[]) =>
  readMot(
    [
      'Coordinates',
      `nRows=${rows.length}`,
      `inDegrees=${inDegrees ? 'yes' : 'no'}`,
      'endheader',
      'time\tknee_angle_r\tpelvis_ty\tnot_a_coordinate',
      ...rows,
    ].join('\n'),
  );

describe('ground-truth motion', () => {
  const model = readOsim(readFileSync(OSIM, 'utf8'));

  it('reads degrees or radians at any rate, interpolating, with missing coordinates at 0', () => {
    const deg = truthMotion(model, mot(true, ['0\t10\t1\t5', '0.04\t30\t1.2\t5']));
    const rad = truthMotion(model, mot(false, ['0\t0.5\t1\t5', '0.5\t1.5\t1\t5']));
    expect(deg.present.sort()).toEqual(['knee_angle_r', 'pelvis_ty']);
    expect(deg.at(0.01).knee_angle_r).toBeCloseTo((15 * Math.PI) / 180, 9);
    expect(deg.at(0.02).pelvis_ty).toBeCloseTo(1.1, 9);
    expect(deg.at(0.02).hip_flexion_r).toBeUndefined();
    expect(deg.valueDeg('knee_angle_r', 1)).toBeCloseTo(30, 9);
    expect(rad.valueDeg('knee_angle_r', 0.25)).toBeCloseTo(57.29577951, 6);
    expect(rad.at(0.25).knee_angle_r).toBeCloseTo(1, 9);
    expect(() => deg.valueDeg('hip_flexion_r', 0)).toThrow(/no 'hip_flexion_r'/);
  });

  it('takes the command line options', () => {
    const a = parseBenchArgs([
      '--motion',
      'walking1',
      '--cameras',
      '2',
      '--offsets-ms',
      '0,40',
      '--drop-frames',
      '2',
      '--calibration',
      'checkerboard',
    ]);
    expect(a.motion.endsWith('opencap-motions/walking1.mot')).toBe(true);
    expect(a.offsetsMs).toEqual([0, 40]);
    expect(a.dropRate).toBeCloseTo(0.02, 9);
    expect(a.calibration).toBe('checkerboard');
    expect(() => parseBenchArgs(['--cameras', '4', '--offsets-ms', '0,1'])).toThrow(/one offset/);
    expect(() => parseBenchArgs(['--calibration', 'guess'])).toThrow(/exact or checkerboard/);
  });
});
