import { describe, it, expect } from 'vitest';
import { KEYPOINTS_2D, KEYPOINTS_3D } from '../pose/keypoint-set';
import { syntheticMotion } from '../triangulation/synthetic-rig';
import { withDerivedKeypoints } from './derived';
import { segmentLengthStats } from './segments';
import { formatTrc } from './trc';
import type { Keypoints3D } from './types';

function fromMotion(frames: number): Keypoints3D {
  const motion = syntheticMotion(
    KEYPOINTS_2D,
    Array.from({ length: frames }, (_, i) => i / 30),
  );
  return {
    names: KEYPOINTS_2D,
    fps: 30,
    frameCount: frames,
    startTimeSec: 0,
    positions: KEYPOINTS_2D.map((_, k) => Float64Array.from(motion.flatMap((pts) => pts[k]))),
    reprojectionErrorPx: KEYPOINTS_2D.map(() => new Float64Array(frames)),
    cameraCount: KEYPOINTS_2D.map(() => new Uint8Array(frames).fill(2)),
  };
}

describe('3D keypoint outputs', () => {
  it('derives small toes lateral to and behind the big toes', () => {
    const kp = withDerivedKeypoints(fromMotion(3), KEYPOINTS_3D);
    expect(kp.names).toEqual(KEYPOINTS_3D);
    const at = (n: string): number[] => Array.from(kp.positions[kp.names.indexOf(n)].subarray(0, 3));
    const [rs, rb, ls, lb] = [at('r_small_toe'), at('r_big_toe'), at('l_small_toe'), at('l_big_toe')];
    // Right is -X in the synthetic subject's frame at t = 0 (turned by less than 30 degrees).
    expect(rs[0]).toBeLessThan(rb[0]);
    expect(ls[0]).toBeGreaterThan(lb[0]);
    expect(Math.hypot(rs[0] - rb[0], rs[1] - rb[1], rs[2] - rb[2])).toBeGreaterThan(0.03);
    expect(() => withDerivedKeypoints(fromMotion(1), ['head_top'])).toThrow(/neither measured nor derivable/);
  });

  it('writes OpenSim .trc with headers, metres and empty cells for missing samples', () => {
    const kp = fromMotion(4);
    kp.positions[0][3] = NaN;
    const lines = formatTrc(kp, 'trial.trc').split('\n');
    expect(lines[0]).toBe('PathFileType\t4\t(X/Y/Z)\ttrial.trc');
    expect(lines[2].split('\t')).toEqual([
      '30.00',
      '30.00',
      '4',
      String(KEYPOINTS_2D.length),
      'm',
      '30.00',
      '1',
      '4',
    ]);
    expect(lines[3].split('\t').slice(0, 5)).toEqual(['Frame#', 'Time', 'neck', '', '']);
    expect(lines[4].split('\t').slice(0, 5)).toEqual(['', '', 'X1', 'Y1', 'Z1']);
    expect(lines[5]).toBe('');
    const row2 = lines[7].split('\t');
    expect(row2[0]).toBe('2');
    expect(row2[1]).toBe('0.033333');
    expect(row2[2]).toBe('');
    expect(Number(row2[3])).toBeCloseTo(kp.positions[0][4], 6);
    expect(row2).toHaveLength(2 + 3 * KEYPOINTS_2D.length);
  });

  it('measures segment length variation', () => {
    const stats = segmentLengthStats(fromMotion(30));
    expect(stats.map((s) => s.name)).toContain('l_forearm');
    const thigh = stats.find((s) => s.name === 'r_thigh')!;
    expect(thigh.meanMm).toBeGreaterThan(250);
    expect(thigh.frames).toBe(30);
  });
});
