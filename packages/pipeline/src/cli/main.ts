/**
 * `poselab` command line: `poselab process ...` runs the pipeline on a trial (and its neutral): .trc keypoints,
 * and with --neutral the scaled model, the neutral's and the trial's .mot and the visualizer JSON. Exit code 0
 * when every step succeeded, 1 when any failed (with the reason on stderr). `poselab deidentify` writes a
 * copy of a video with every face blurred.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createPoseWorkerPool } from '../pose/worker-pool';
import { parseProcessArgs, USAGE, type ProcessArgs } from './args';
import { deidentifyMain } from './deidentify';
import { loadCalibration } from './inputs';
import { keypointReport, keypointStep, neutralStep, trialModelFromOsim, trialStep } from './trial-steps';

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'deidentify') return deidentifyMain(rest);
  if (command !== 'process') {
    console.error(`Unknown command '${command}'.\n${USAGE}`);
    return 1;
  }
  let args: ProcessArgs;
  try {
    args = parseProcessArgs(rest);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  try {
    await mkdir(args.out, { recursive: true });
  } catch (err) {
    console.error(`Cannot create the output folder ${args.out}: ${(err as Error).message}`);
    return 1;
  }
  const pool = createPoseWorkerPool(args.workers);
  try {
    const started = performance.now();
    const calib = await loadCalibration(args.calibration, { board: args.board, placement: args.placement });
    console.log(`Calibration ${path.basename(calib.file)}: ${calib.cameras.length} cameras`);
    if (args.neutral) {
      const neutral = await keypointStep(args, calib.cameras, args.neutral, 'neutral', pool);
      await neutralStep(args, neutral);
      // The trial reads the neutral's model back from the written file, as the worker's dynamic job does.
      const osim = await readFile(path.join(args.out, 'scaled-model.osim'), 'utf8');
      const { limbPrior } = trialModelFromOsim(osim);
      const trial = await keypointStep(args, calib.cameras, args.videos, 'trial', pool, limbPrior);
      await trialStep(args, trial, osim);
    } else {
      const trial = await keypointStep(args, calib.cameras, args.videos, 'trial', pool);
      await keypointReport(args, trial);
      console.log('No --neutral trial: scaling and inverse kinematics skipped.');
    }
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (err) {
    console.error(`\nError: ${(err as Error).message}`);
    return 1;
  } finally {
    await pool.close();
  }
}
