import { describe, it, expect } from 'vitest';
import { parseProcessArgs } from './args';
import { parseBoard } from './calibrate-folder';
import { matchVideosToCameras } from './inputs';
import { syntheticRig } from '../triangulation/synthetic-rig';

describe('poselab process arguments', () => {
  it('parses options with defaults and rejects bad input clearly', () => {
    const a = parseProcessArgs(['--calibration', 'c.qca.txt', '--videos', 'v', '--out=o', '--filter', '6']);
    expect(a).toMatchObject({
      calibration: 'c.qca.txt',
      videos: 'v',
      out: 'o',
      filter: '6',
      model: 'full',
      workers: 2,
      placement: 'Perpendicular',
      stride: 1,
      noLimbRefinement: false,
      // The server's defaults (SPEC §9): the same model and augmenter, the default subject.
      openSimModel: 'LaiUhlrich2022_shoulder',
      augmenter: 'v0.3',
      heightM: 1.8,
      massKg: 70,
    });
    expect(
      parseProcessArgs([
        ...['--calibration', 'c', '--videos', 'v', '--out', 'o', '--opensim-model', 'PoseLab_FullBody'],
        ...['--augmenter', 'v0.2', '--height', '1.65', '--mass', '58'],
      ]),
    ).toMatchObject({ openSimModel: 'PoseLab_FullBody', augmenter: 'v0.2', heightM: 1.65, massKg: 58 });
    expect(() =>
      parseProcessArgs(['--calibration', 'c', '--videos', 'v', '--out', 'o', '--height', '180']),
    ).toThrow(/--height must be in metres/);
    expect(
      parseProcessArgs(['--calibration', 'c', '--videos', 'v', '--out', 'o', '--no-limb-refinement'])
        .noLimbRefinement,
    ).toBe(true);
    expect(() => parseProcessArgs(['--videos', 'v', '--out', 'o'])).toThrow('Missing --calibration');
    expect(() =>
      parseProcessArgs(['--calibration', 'c', '--videos', 'v', '--out', 'o', '--model', 'huge']),
    ).toThrow(/--model/);
    expect(() =>
      parseProcessArgs(['--calibration', 'c', '--videos', 'v', '--out', 'o', '--colour', 'x']),
    ).toThrow('Unknown option --colour');
    expect(() => parseProcessArgs(['--calibration'])).toThrow('Option --calibration needs a value');
    expect(parseBoard('4,7,60')).toEqual({ rows: 4, cols: 7, squareSize: 0.06 });
    expect(() => parseBoard('4x7')).toThrow(/rows,cols,squareMm/);
  });

  it('pairs videos with cameras by the number in their names', () => {
    const cams = syntheticRig().map((c, i) => ({ ...c, name: `cam_0${i + 1}` }));
    const videos = ['/v/cam04.mp4', '/v/cam02.mp4', '/v/cam01.mp4', '/v/cam03.mp4'];
    expect(matchVideosToCameras(videos, cams).videos).toEqual([
      '/v/cam01.mp4',
      '/v/cam02.mp4',
      '/v/cam03.mp4',
      '/v/cam04.mp4',
    ]);
    expect(() => matchVideosToCameras(videos.slice(0, 3), cams)).toThrow(/Cannot pair 3 videos with 4/);
  });
});
