/** Command line of `npm run bench:groundtruth`. */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';

export const MOTIONS_DIR = resolve(import.meta.dirname, '../../../shared/data/opencap-motions');
export const SHARED_MODELS_DIR = resolve(import.meta.dirname, '../../../shared/data/opencap-models');

export interface BenchArgs {
  motion: string;
  cameras: number;
  azimuthsDeg: number[] | null;
  /** Seconds of the motion recorded (from `startSec`). */
  seconds: number;
  startSec: number;
  offsetsMs: number[];
  /** Fraction of frames dropped (0..1). */
  dropRate: number;
  calibration: 'exact' | 'checkerboard';
  /** 'worker': whatever the worker would use with this environment (MODELS_DIR); else forced. */
  model: string;
  /** Frames are rendered at this fraction of 1080×1920 and scaled up by the encoder. */
  renderScale: number;
  cache: boolean;
}

export const USAGE = `npm run bench:groundtruth -- [--motion squats1|walking1|<file.mot>] [--cameras 4] [--azimuths 0,40,-40,90]
  [--seconds 2] [--start 0] [--offsets-ms 0,17,33,40] [--drop-frames 2 (percent)] [--calibration exact|checkerboard]
  [--model worker|builtin|LaiUhlrich2022|LaiUhlrich2022_shoulder] [--render-scale 0.5] [--no-cache]`;

function numbers(v: string | undefined, what: string): number[] | null {
  if (v === undefined) return null;
  const out = v.split(',').map((s) => Number(s.trim()));
  if (out.some((n) => !Number.isFinite(n)))
    throw new Error(`--${what}: expected numbers separated by commas, got '${v}'`);
  return out;
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      motion: { type: 'string', default: 'squats1' },
      cameras: { type: 'string' },
      azimuths: { type: 'string' },
      seconds: { type: 'string', default: '2' },
      start: { type: 'string', default: '0' },
      'offsets-ms': { type: 'string' },
      'drop-frames': { type: 'string', default: '0' },
      calibration: { type: 'string', default: 'exact' },
      model: { type: 'string', default: 'worker' },
      'render-scale': { type: 'string', default: '0.5' },
      'no-cache': { type: 'boolean', default: false },
    },
  });
  const azimuthsDeg = numbers(values.azimuths, 'azimuths');
  const cameras = Number(values.cameras ?? azimuthsDeg?.length ?? 4);
  if (!Number.isInteger(cameras) || cameras < 2) throw new Error('--cameras: at least 2');
  if (azimuthsDeg && azimuthsDeg.length !== cameras) throw new Error('--azimuths: one per camera');
  const offsetsMs = numbers(values['offsets-ms'], 'offsets-ms') ?? new Array(cameras).fill(0);
  if (offsetsMs.length !== cameras || offsetsMs.some((o) => o < 0))
    throw new Error('--offsets-ms: one offset (≥ 0 ms) per camera');
  const drop = Number(values['drop-frames']);
  if (!(drop >= 0 && drop < 50)) throw new Error('--drop-frames: a percentage from 0 to 50');
  const calibration = values.calibration;
  if (calibration !== 'exact' && calibration !== 'checkerboard')
    throw new Error('--calibration: exact or checkerboard');
  const seconds = Number(values.seconds);
  const startSec = Number(values.start);
  const renderScale = Number(values['render-scale']);
  if (!(seconds > 0)) throw new Error('--seconds: a positive number');
  if (!(startSec >= 0)) throw new Error('--start: seconds ≥ 0');
  if (!(renderScale > 0 && renderScale <= 1)) throw new Error('--render-scale: in (0, 1]');
  const motion = values.motion!.endsWith('.mot')
    ? resolve(values.motion!)
    : resolve(MOTIONS_DIR, `${values.motion}.mot`);
  return {
    motion,
    cameras,
    azimuthsDeg,
    seconds,
    startSec,
    offsetsMs,
    dropRate: drop / 100,
    calibration,
    model: values.model!,
    renderScale,
    cache: !values['no-cache'],
  };
}
