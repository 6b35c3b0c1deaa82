import { ANALYSIS_FUNCTION_SPECS } from '../registry';

export interface AnalyzeArgs {
  functions: string[];
  mots: string[];
  model?: string;
  out: string;
  heightM: number | null;
  massKg: number | null;
  lang: 'en' | 'de';
}

const IDS = ANALYSIS_FUNCTION_SPECS.map((f) => f.id);

export const USAGE = `Usage: poselab analyze --function <id>[,<id>…] --mot <trial.mot or folder> [--mot …] --out <folder>
                        [--model <scaled.osim>] [--height <m>] [--mass <kg>] [--lang en|de]

  --function  ${IDS.join(', ')}
  --mot       an OpenSim motion (IK coordinates, LaiUhlrich2022 names); a folder analyses every .mot in it;
              repeat --mot for more trials
  --model     the scaled model the motion was solved with (.osim); its coordinate ranges give the sign
              conventions (gait2392-style models measure knee flexion negative: read reversed); without it
              the built-in model is used, scaled to --height, and the motion's knee values decide
  --height    subject height in metres (reference bands of stride and step length, step width)
  --mass      subject mass in kg
  --out       output folder: <trial>_<function>.json (the analysis result) and <trial>_<function>_metrics.csv
  --lang      language of the CSV labels (default en)`;

/** Parses `analyze` arguments; throws with a message naming the problem. */
export function parseAnalyzeArgs(argv: string[]): AnalyzeArgs {
  const values = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`Unexpected argument '${a}'`);
    const [key, inline] = a.slice(2).split(/=(.*)/s, 2);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`Option --${key} needs a value`);
    if (!['function', 'mot', 'model', 'out', 'height', 'mass', 'lang'].includes(key))
      throw new Error(`Unknown option --${key}`);
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const one = (key: string) => {
    const v = values.get(key);
    if (v && v.length > 1) throw new Error(`Option --${key} given twice`);
    return v?.[0];
  };
  const functions = (one('function') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!functions.length) throw new Error('Missing --function');
  for (const f of functions)
    if (!IDS.includes(f)) throw new Error(`Unknown function '${f}' (one of ${IDS.join(', ')})`);
  const mots = values.get('mot') ?? [];
  if (!mots.length) throw new Error('Missing --mot');
  const out = one('out');
  if (!out) throw new Error('Missing --out');
  const number = (key: string, lo: number, hi: number) => {
    const v = one(key);
    if (v === undefined) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n < lo || n > hi)
      throw new Error(`--${key} must be a number from ${lo} to ${hi}`);
    return n;
  };
  const lang = one('lang') ?? 'en';
  if (lang !== 'en' && lang !== 'de') throw new Error('--lang must be en or de');
  return {
    functions,
    mots,
    model: one('model'),
    out,
    heightM: number('height', 0.5, 2.6),
    massKg: number('mass', 1, 300),
    lang,
  };
}
