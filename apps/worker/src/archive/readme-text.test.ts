import { describe, expect, it } from 'vitest';
import { writeTrc } from '@poselab/biomech';
import type { ArchiveSession } from '@poselab/contract';
import { readTrcAsOpenCap } from '../../../../packages/biomech/src/testing/opencap-reader';
import { readmeText } from './readme-text';

const session = {
  folder: 'OpenCapData_s1',
  metadata: { session_id: 's1', session_name: null },
  cameras: [],
  trials: [{ name: 'walk', kind: 'dynamic', status: 'done' }],
  files: [],
  analyses: [],
} as unknown as ArchiveSession;

describe('archive README', () => {
  it('states the units the .trc header declares and its values have (metres)', () => {
    // The .trc as the worker stores it (processors/dynamic.ts: writeTrc with its defaults), one marker 1.2 m up.
    const trc = readTrcAsOpenCap(
      writeTrc({
        names: ['C7_study'],
        time: [0, 0.01],
        frames: [
          [0.1, 1.2, 0.3],
          [0.1, 1.2, 0.3],
        ].map((f) => Float64Array.from(f)),
      }),
    );
    expect(trc.units).toBe('m');
    expect(trc.marker('C7_study')[0][1]).toBeCloseTo(1.2, 6);
    const readme = readmeText(session, false, '2026-01-01T00:00:00Z');
    const markerData = readme.slice(readme.indexOf('MarkerData/'), readme.indexOf('OpenSimData/Model/'));
    expect(markerData).toMatch(/\.trc, metres, the Units field of its header/);
    expect(readme).not.toMatch(/millimet/i);
    expect(readme).toMatch(/neutral\.mot/);
  });
});
