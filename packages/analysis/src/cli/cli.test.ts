import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { HAS_SHARED_DATA, SHARED_DATA } from '../testing/shared-data';
import { parseAnalyzeArgs } from './args';
import { main } from './main';

describe('poselab analyze arguments', () => {
  it('reads functions, repeated motions and the subject', () => {
    expect(
      parseAnalyzeArgs([
        '--function',
        'gait,squat',
        '--mot',
        'a.mot',
        '--mot=b',
        '--out',
        'o',
        '--height',
        '1.7',
      ]),
    ).toEqual({
      functions: ['gait', 'squat'],
      mots: ['a.mot', 'b'],
      model: undefined,
      out: 'o',
      heightM: 1.7,
      massKg: null,
      lang: 'en',
    });
  });
  it('names the problem', () => {
    expect(() => parseAnalyzeArgs(['--mot', 'a', '--out', 'o'])).toThrow('Missing --function');
    expect(() => parseAnalyzeArgs(['--function', 'yoga', '--mot', 'a', '--out', 'o'])).toThrow(
      /Unknown function 'yoga'/,
    );
    expect(() => parseAnalyzeArgs(['--function', 'gait', '--out', 'o'])).toThrow('Missing --mot');
    expect(() =>
      parseAnalyzeArgs(['--function', 'gait', '--mot', 'a', '--out', 'o', '--height', '17']),
    ).toThrow('--height must be a number from 0.5 to 2.6');
    expect(() => parseAnalyzeArgs(['--function', 'gait', '--mot'])).toThrow('Option --mot needs a value');
    expect(() => parseAnalyzeArgs(['--speed', '3'])).toThrow('Unknown option --speed');
  });
});

describe.skipIf(!HAS_SHARED_DATA)('poselab analyze on files', () => {
  let out: string;
  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'poselab-analyze-'));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    rmSync(out, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('writes the result JSON and the metrics CSV per trial and function (German labels on request)', async () => {
    const squats = resolve(SHARED_DATA, 'opencap-motions/squats1.mot');
    const model = resolve(SHARED_DATA, 'opencap-models/LaiUhlrich2022.osim');
    const code = await main([
      '--function',
      'squat',
      '--mot',
      squats,
      '--model',
      model,
      '--out',
      out,
      '--lang',
      'de',
    ]);
    expect(code).toBe(0);
    const result = analysisResult.parse(JSON.parse(readFileSync(join(out, 'squats1_squat.json'), 'utf8')));
    expect(result.scalar_values.repetitions.value).toBe(5);
    expect(result.details.model).toBe('trial');
    const csv = readFileSync(join(out, 'squats1_squat_metrics.csv'), 'utf8');
    expect(csv).toMatch(/^section,key,label,side,value,sd,min,max,units\n/);
    expect(csv).toContain('metric,squat_depth,Tiefe der Kniebeuge,');
  });

  it('exits with 2 and the user words when a trial cannot be analysed; without --model uses the built-in model', async () => {
    const folder = resolve(SHARED_DATA, 'opencap-motions');
    const code = await main(['--function', 'gait', '--mot', folder, '--out', out, '--height', '1.7']);
    expect(code).toBe(2);
    expect(vi.mocked(console.error).mock.calls.flat().join('\n')).toContain(
      'walking1 gait: Not enough gait cycles found: record at least two full strides, about 3 m of walking.',
    );
    expect(existsSync(join(out, 'walking1_gait.json'))).toBe(false);
  });

  it('exits with 1 on a missing file', async () => {
    expect(await main(['--function', 'gait', '--mot', join(out, 'none.mot'), '--out', out])).toBe(1);
  });
});
