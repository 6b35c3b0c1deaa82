import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBuiltinModel } from '../builtin/load-builtin';
import { framesFromMotion, motionFromFrames, readMot, writeMot } from './mot';
import { readTrc, writeTrc } from './trc';
import { HAS_SHARED_DATA, SHARED_DATA } from '../testing/shared-data';

describe('.mot', () => {
  it('writes OpenSim layout (degrees for rotations) and round-trips through readMot', () => {
    const model = loadBuiltinModel();
    const frames = [0, 1, 2].map((i) =>
      Float64Array.from(model.coordinates, (_c, k) => 0.01 * (k + 1) * (i + 1)),
    );
    const motion = motionFromFrames(model, [0, 0.01, 0.02], frames);
    const text = writeMot(motion);
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Coordinates',
      'version=1',
      'nRows=3',
      `nColumns=${model.coordinates.length + 1}`,
      'inDegrees=yes',
    ]);
    expect(lines[9]).toBe('endheader');
    expect(lines[10].split('\t')).toEqual(['time', ...model.coordinates.map((c) => c.name)]);
    expect(lines[11].split('\t')).toHaveLength(model.coordinates.length + 1);
    const back = framesFromMotion(model, readMot(text));
    back.forEach((q, f) => q.forEach((v, k) => expect(v).toBeCloseTo(frames[f][k], 7)));
    const ty = model.coordinates.findIndex((c) => c.name === 'pelvis_ty');
    expect(motion.rows[0][ty]).toBeCloseTo(frames[0][ty], 12); // translations stay in metres
  });

  it.skipIf(!HAS_SHARED_DATA)('reads OpenCap motions and rewrites them identically', () => {
    const text = readFileSync(resolve(SHARED_DATA, 'opencap-motions/walking1.mot'), 'utf8');
    const m = readMot(text);
    expect(m.inDegrees).toBe(true);
    expect(m.rows).toHaveLength(158);
    expect(readMot(writeMot(m))).toEqual(m);
  });

  it('rejects files without a header end', () => {
    expect(() => readMot('time\ta\n0\t1\n')).toThrow(/endheader/);
  });
});

describe('.trc', () => {
  it('writes the OpenSim TRC layout and round-trips (with missing markers)', () => {
    const data = {
      names: ['neck', 'r_hip'],
      time: [0, 1 / 60, 2 / 60],
      frames: [
        Float64Array.of(0.1, 1.4, 0, 0, 0.9, 0.1),
        Float64Array.of(0.2, 1.4, 0, NaN, NaN, NaN),
        Float64Array.of(0.3, 1.4, 0, 0, 0.9, 0.1),
      ],
    };
    const text = writeTrc(data, { fileName: 'trial.trc', units: 'mm' });
    const lines = text.split('\n');
    expect(lines[0]).toBe('PathFileType\t4\t(X/Y/Z)\ttrial.trc');
    expect(lines[1]).toBe(
      'DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames',
    );
    expect(lines[2]).toBe('60.00\t60.00\t3\t2\tmm\t60.00\t1\t3');
    expect(lines[3]).toBe('Frame#\tTime\tneck\t\t\tr_hip\t\t');
    expect(lines[4]).toBe('\t\tX1\tY1\tZ1\tX2\tY2\tZ2');
    const back = readTrc(text);
    expect(back.names).toEqual(data.names);
    expect(back.dataRate).toBe(60);
    back.frames.forEach((f, i) =>
      f.forEach((v, k) =>
        Number.isNaN(data.frames[i][k]) ? expect(v).toBeNaN() : expect(v).toBeCloseTo(data.frames[i][k], 6),
      ),
    );
  });
});
