/** `poselab` command line: `poselab process ...` runs the keypoint pipeline on a trial and writes .trc files. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatTrc } from '../keypoints3d/trc';
import { segmentLengthStats } from '../keypoints3d/segments';
import { createPoseWorkerPool, type PoseWorkerPool } from '../pose/worker-pool';
import { parseProcessArgs, USAGE, type ProcessArgs } from './args';
import { listVideos, loadCalibration, matchVideosToCameras } from './inputs';
import { runBiomechanics } from './biomechanics';
import { runTrialPipeline, type TrialPipelineResult, type TrialProgress } from './run-trial';

function progressPrinter(label: string): (p: TrialProgress) => void {
  const started = performance.now();
  return (p) => {
    const sec = (performance.now() - started) / 1000;
    if (p.stage === 'triangulation')
      return void process.stdout.write(`\n${label}: sync, person selection, triangulation, filtering...\n`);
    const rate = p.stage === 'keypoints2d' ? ` (${(p.done / Math.max(sec, 1e-3)).toFixed(1)} frames/s)` : '';
    process.stdout.write(
      `\r${label}: ${p.stage === 'keypoints2d' ? '2D keypoints' : 're-detecting the subject'} ${p.done}/${p.total}${rate}   `,
    );
  };
}

type Calibration = Awaited<ReturnType<typeof loadCalibration>>;

async function processTrial(
  args: ProcessArgs,
  calib: Calibration,
  folder: string,
  name: string,
  pool: PoseWorkerPool,
): Promise<TrialPipelineResult> {
  const paired = matchVideosToCameras(await listVideos(folder), calib.cameras);
  console.log(
    `${name}: ${paired.videos.length} videos, calibration ${path.basename(calib.file)} (${paired.cameras.map((c) => c.name).join(', ')})`,
  );
  const result = await runTrialPipeline(
    {
      calibration: paired.cameras,
      videoFiles: paired.videos,
      model: args.model,
      pool,
      filterFrequency: args.filter,
      isGait: args.gait,
      frameStride: args.stride,
      ...(args.noLimbRefinement ? { limbRefinement: false as const } : {}),
    },
    progressPrinter(name),
  );
  const trcName = `${name}.trc`;
  await writeFile(path.join(args.out, trcName), formatTrc(result.keypoints, trcName));
  const segments = segmentLengthStats(result.keypoints);
  const report = {
    trial: name,
    videos: paired.videos.map((v) => path.basename(v)),
    sync: {
      referenceCamera: paired.cameras[result.sync.referenceCamera].name,
      lagsFrames: result.sync.lagsFrames,
      confidence: result.sync.confidence,
      matches: result.sync.matches,
    },
    frames: result.keypoints.frameCount,
    fps: result.keypoints.fps,
    filterHz: result.filterHz,
    limbRefinement: !args.noLimbRefinement,
    meanReprojectionPx: result.triangulation.meanReprojectionPx,
    cameraUseRatio: result.triangulation.cameraUseRatio,
    mirroredFrames: result.selection.mirroredFrames.map((f) => f.length),
    redetectedFrames: result.redetectedFrames,
    segments,
    timings: result.timings,
    warnings: result.warnings,
  };
  await writeFile(path.join(args.out, `${name}-report.json`), JSON.stringify(report, null, 2) + '\n');
  paired.cameras.forEach((c, i) => {
    const lag = result.sync.lagsFrames[i];
    console.log(
      `  ${c.name}: lag ${Number.isFinite(lag) ? lag.toFixed(2) : '—'} frames, confidence ${result.sync.confidence[i].toFixed(2)}${result.sync.matches[i] ? '' : ' (does not match the trial: ignored)'}`,
    );
  });
  console.log(
    `  ${result.keypoints.frameCount} frames at ${result.keypoints.fps} fps, mean reprojection ${result.triangulation.meanReprojectionPx.toFixed(1)} px, filter ${result.filterHz} Hz${args.noLimbRefinement ? ', no limb refinement' : ''}`,
  );
  console.log(
    `  segment length SD (mm): ${segments.map((s) => `${s.name} ${s.sdMm.toFixed(1)}`).join(', ')}`,
  );
  for (const w of result.warnings) console.log(`  warning: ${w}`);
  console.log(`  wrote ${path.join(args.out, trcName)}`);
  return result;
}

/** Scales the built-in model on the neutral trial and solves IK on the trial; failures are reported, not fatal. */
async function biomechanics(
  args: ProcessArgs,
  neutral: TrialPipelineResult,
  trial: TrialPipelineResult,
): Promise<void> {
  console.log('Scaling and inverse kinematics...');
  try {
    const t0 = performance.now();
    const bio = runBiomechanics(neutral.keypoints, trial.keypoints);
    await writeFile(path.join(args.out, 'trial.mot'), bio.mot);
    await writeFile(path.join(args.out, 'trial-visualizer.json'), JSON.stringify(bio.visualizer));
    const rms = bio.ik.markerRms.filter(Number.isFinite);
    console.log(
      `  scaling marker RMS ${(bio.scale.markerRmsM * 1000).toFixed(1)} mm; IK marker RMS ${((rms.reduce((a, b) => a + b, 0) / rms.length) * 1000).toFixed(1)} mm (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    console.log(`  wrote ${path.join(args.out, 'trial.mot')} and trial-visualizer.json`);
  } catch (err) {
    console.log(`  warning: scaling/IK failed: ${(err as Error).message} (the .trc files are written)`);
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
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
    const neutral = args.neutral ? await processTrial(args, calib, args.neutral, 'neutral', pool) : null;
    const trial = await processTrial(args, calib, args.videos, 'trial', pool);
    if (neutral) await biomechanics(args, neutral, trial);
    else console.log('No --neutral trial: scaling and inverse kinematics skipped.');
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (err) {
    console.error(`\nError: ${(err as Error).message}`);
    return 1;
  } finally {
    await pool.close();
  }
}
