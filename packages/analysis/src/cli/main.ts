/**
 * `poselab analyze`: the analysis functions on .mot files, for batch analyses without the web app. This is the
 * package's only file-system adapter; the functions themselves stay pure.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readMot } from '@poselab/biomech';
import { metricsCsv } from '../csv';
import { runAnalysis } from '../functions';
import { analysisModel } from '../kinematics/model';
import { trialKinematics } from '../kinematics/from-motion';
import { AnalysisDataError } from '../types';
import { parseAnalyzeArgs, USAGE, type AnalyzeArgs } from './args';

async function motionFiles(paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const s = await stat(p).catch(() => null);
    if (!s) throw new Error(`No such file or folder: ${p}`);
    if (s.isDirectory()) {
      const names = (await readdir(p)).filter((n) => n.toLowerCase().endsWith('.mot')).sort();
      if (!names.length) throw new Error(`No .mot files in ${p}`);
      out.push(...names.map((n) => path.join(p, n)));
    } else out.push(p);
  }
  return out;
}

function describe(value: unknown, decimals: number): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return value.toFixed(decimals);
  const v = value as { left: number | null; right: number | null };
  return `L ${v.left === null ? '—' : v.left.toFixed(decimals)} / R ${v.right === null ? '—' : v.right.toFixed(decimals)}`;
}

/** Runs the command; returns the exit code: 0 all analysed, 2 some trial could not be analysed, 1 usage or I/O. */
export async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    console.log(USAGE);
    return 0;
  }
  let args: AnalyzeArgs;
  let files: string[];
  try {
    args = parseAnalyzeArgs(argv);
    files = await motionFiles(args.mots);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  let code = 0;
  try {
    await mkdir(args.out, { recursive: true });
    const osim = args.model ? await readFile(args.model, 'utf8') : null;
    const { model, source } = analysisModel(osim, args.heightM);
    if (!osim)
      console.log(`No --model: the built-in model${args.heightM ? ` scaled to ${args.heightM} m` : ''}.`);
    const subject = { heightM: args.heightM, massKg: args.massKg, sex: null };
    for (const file of files) {
      const trial = path.basename(file).replace(/\.mot$/i, '');
      const kin = trialKinematics(model, readMot(await readFile(file, 'utf8')), {
        modelIsTheMotions: source === 'trial',
      });
      for (const fn of args.functions) {
        try {
          const t0 = performance.now();
          const result = runAnalysis(fn, kin, subject);
          result.details = { ...result.details, model: source, model_name: model.name };
          const base = path.join(args.out, `${trial}_${fn}`);
          await writeFile(`${base}.json`, JSON.stringify(result, null, 1) + '\n');
          await writeFile(`${base}_metrics.csv`, metricsCsv(result, args.lang));
          console.log(`${trial} ${fn}: ${result.info_text} (${(performance.now() - t0).toFixed(0)} ms)`);
          for (const [key, m] of Object.entries(result.metrics))
            console.log(`  ${key.padEnd(32)} ${describe(m.value, m.decimals)} ${m.units}`);
          console.log(`  → ${base}.json, ${base}_metrics.csv`);
        } catch (err) {
          if (!(err instanceof AnalysisDataError)) throw err;
          console.error(`${trial} ${fn}: ${err.message}`);
          code = 2;
        }
      }
    }
  } catch (err) {
    console.error(`poselab analyze: ${(err as Error).message}`);
    return 1;
  }
  return code;
}
