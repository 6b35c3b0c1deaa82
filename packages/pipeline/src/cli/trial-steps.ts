/**
 * The CLI's steps, each printing what it did and writing its files: the keypoint stage of one trial, the
 * neutral's scaling (neutralKinematics) and the trial's IK (trialKinematics), the very functions the worker
 * runs. A step that fails throws; main() turns that into the exit code.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readOsim, visualizerTransforms, writeMot, writeOsim, writeTrc } from '@poselab/biomech';
import type { CameraModel } from '../camera/camera-model';
import { processKeypoints } from '../keypoints3d/process';
import { segmentLengthStats } from '../keypoints3d/segments';
import { formatTrc } from '../keypoints3d/trc';
import { neutralKinematics, type NeutralResult } from '../kinematics/neutral';
import { loadKinematicsSetup, trialModelFor } from '../kinematics/installed-models';
import { trialKinematics, trialLimbRefinement, type TrialResult } from '../kinematics/trial';
import type { LimbRefineOptions } from '../triangulation/limb-refine';
import { rawPosesToKeypoints } from '../pose/detect-video';
import type { PoseWorkerPool } from '../pose/worker-pool';
import type { CameraRef, QualityFigures } from '../quality/figures';
import type { ProcessingWarning } from '../quality/warnings';
import type { ProcessArgs } from './args';
import { listVideos, matchVideosToCameras, readStartTimes, START_TIMES_FILE } from './inputs';
import { runTrialPipeline, type TrialPipelineResult, type TrialProgress } from './run-trial';

export interface CliTrial {
  name: 'neutral' | 'trial';
  cameras: CameraModel[];
  videos: string[];
  refs: CameraRef[];
  /** Each video's recording start (s after the earliest) from START_TIMES_FILE, when the folder has one. */
  startTimesSec?: number[];
  result: TrialPipelineResult;
}

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

function printWarnings(warnings: readonly ProcessingWarning[]): void {
  for (const w of warnings) console.log(`  warning [${w.code}]: ${w.message}`);
}

/** 2D keypoints, sync, triangulation and filtering of one trial folder; writes <name>.trc. */
export async function keypointStep(
  args: ProcessArgs,
  calibration: CameraModel[],
  folder: string,
  name: CliTrial['name'],
  pool: PoseWorkerPool,
  limbPrior?: LimbRefineOptions,
): Promise<CliTrial> {
  const paired = matchVideosToCameras(await listVideos(folder), calibration);
  console.log(`${name}: ${paired.videos.length} videos (${paired.cameras.map((c) => c.name).join(', ')})`);
  const startTimesSec = (await readStartTimes(folder, paired.videos)) ?? undefined;
  if (startTimesSec)
    console.log(
      `  recording starts from ${START_TIMES_FILE}: ${startTimesSec.map((s) => `${(s * 1000).toFixed(1)} ms`).join(', ')}`,
    );
  const result = await runTrialPipeline(
    {
      calibration: paired.cameras,
      videoFiles: paired.videos,
      startTimesSec,
      model: args.model,
      pool,
      filterFrequency: args.filter,
      frameStride: args.stride,
      still: name === 'neutral',
      limbRefinement: args.noLimbRefinement ? false : limbPrior,
    },
    progressPrinter(name),
  );
  const trcName = `${name}.trc`;
  await writeFile(path.join(args.out, trcName), formatTrc(result.keypoints, trcName));
  paired.cameras.forEach((c, i) => {
    const lag = result.sync.lagsFrames[i];
    console.log(
      `  Camera ${i + 1} (${c.name}, ${path.basename(paired.videos[i])}): lag ${Number.isFinite(lag) ? lag.toFixed(2) : '—'} frames${result.sync.matches[i] && result.cameras.includes(i) ? '' : ' (left out)'}`,
    );
  });
  const segments = segmentLengthStats(result.keypoints);
  console.log(
    `  ${result.keypoints.frameCount} frames at ${result.keypoints.fps} fps, mean reprojection ${result.triangulation.meanReprojectionPx.toFixed(2)} px, filter ${result.filterHz} Hz`,
  );
  console.log(
    `  segment lengths (mm): ${segments.map((s) => `${s.name} ${s.meanMm.toFixed(1)}`).join(', ')}`,
  );
  console.log(`  wrote ${path.join(args.out, trcName)}`);
  return {
    name,
    cameras: paired.cameras,
    videos: paired.videos,
    refs: paired.cameras.map((_, i) => ({ device_id: null, camera: `Camera ${i + 1}` })),
    startTimesSec,
    result,
  };
}

async function writeReport(
  args: ProcessArgs,
  trial: CliTrial,
  quality: QualityFigures | null,
  warnings: readonly ProcessingWarning[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  const r = trial.result;
  const report = {
    trial: trial.name,
    videos: trial.videos.map((v) => path.basename(v)),
    startTimesSec: trial.startTimesSec ?? null,
    sync: {
      referenceCamera: r.sync.referenceCamera + 1,
      lagsFrames: r.sync.lagsFrames,
      confidence: r.sync.confidence,
      matches: r.sync.matches,
    },
    cameras_used: r.cameras.map((c) => c + 1),
    frames: r.keypoints.frameCount,
    fps: r.keypoints.fps,
    filterHz: r.filterHz,
    limbRefinement: !args.noLimbRefinement,
    limbLengthsMm: Object.fromEntries(
      Object.entries(r.limbLengthsM).map(([k, v]) => [k, Number((v * 1000).toFixed(1))]),
    ),
    meanReprojectionPx: r.triangulation.meanReprojectionPx,
    cameraUseRatio: r.triangulation.cameraUseRatio,
    mirroredFrames: r.selection.mirroredFrames.map((f) => f.length),
    redetectedFrames: r.redetectedFrames,
    segments: segmentLengthStats(r.keypoints),
    quality,
    warnings,
    timings: r.timings,
    ...extra,
  };
  await writeFile(path.join(args.out, `${trial.name}-report.json`), JSON.stringify(report, null, 2) + '\n');
}

/** The operator's extra models folder (as the server's MODELS_DIR), when set. */
const modelsDir = () => process.env.MODELS_DIR || null;
const subjectOf = (args: ProcessArgs) => ({ heightM: args.heightM, massKg: args.massKg });

/**
 * Scales the OpenSim model (the server's default unless --opensim-model) on the neutral; writes the scaled
 * model, the neutral's .mot and, with the augmenter, neutral.trc with its markers beside the keypoints.
 */
export async function neutralStep(args: ProcessArgs, neutral: CliTrial): Promise<NeutralResult> {
  const setup = loadKinematicsSetup(
    { openSimModel: args.openSimModel, augmenterModel: args.augmenter },
    subjectOf(args),
    modelsDir(),
  );
  console.log(
    `neutral: scaling ${setup.modelName}${setup.augmenterVersion ? ` on marker augmenter ${setup.augmenterVersion}` : ' on the keypoints'}...`,
  );
  const views = neutral.result.tracks.map(rawPosesToKeypoints);
  const result = await neutralKinematics({
    keypoints: neutral.result,
    setup,
    cameras: neutral.refs,
    withoutCamera: (exclude) =>
      processKeypoints(neutral.cameras, views, {
        startTimesSec: neutral.startTimesSec,
        still: true,
        filterFrequency: args.filter,
        limbRefinement: args.noLimbRefinement ? false : undefined,
        excludeCameras: [exclude],
      }),
  });
  const osim = writeOsim(result.scale.model, `Scaled from ${setup.modelName} by the PoseLab CLI`);
  await writeFile(path.join(args.out, 'scaled-model.osim'), osim);
  if (setup.augment)
    await writeFile(
      path.join(args.out, 'neutral.trc'),
      writeTrc(result.markers, { fileName: 'neutral.trc' }),
    );
  await writeFile(path.join(args.out, 'neutral.mot'), writeMot(result.motion));
  printWarnings(result.warnings);
  await writeReport(
    args,
    { ...neutral, result: { ...neutral.result, ...result.keypoints } },
    result.quality,
    result.warnings,
    {
      model: setup.modelName,
      augmenter: setup.augmenterVersion,
      scaleFactors: result.scale.segmentFactors,
      staticWindow: result.scale.window,
    },
  );
  console.log(
    `  IK marker RMS ${result.quality.ik_marker_rms_mm} mm; wrote ${path.join(args.out, 'scaled-model.osim')} and neutral.mot`,
  );
  return result;
}

/** The neutral's limb lengths, read back from the written model as the worker's dynamic job reads them. */
export function trialModelFromOsim(osimText: string) {
  const model = readOsim(osimText);
  return { model, limbPrior: trialLimbRefinement(model) };
}

/**
 * IK of the trial on the scaled model (on the augmenter's markers when the model was scaled on them); writes
 * trial.mot, the visualizer JSON and, with the augmenter, trial.trc with its markers beside the keypoints.
 */
export async function trialStep(args: ProcessArgs, trial: CliTrial, osimText: string): Promise<TrialResult> {
  console.log('trial: inverse kinematics...');
  const { model } = trialModelFromOsim(osimText);
  const trialModel = trialModelFor(model, subjectOf(args), modelsDir());
  const result = await trialKinematics({ keypoints: trial.result, trialModel, cameras: trial.refs });
  if (trialModel.augment)
    await writeFile(path.join(args.out, 'trial.trc'), writeTrc(result.markers, { fileName: 'trial.trc' }));
  await writeFile(path.join(args.out, 'trial.mot'), writeMot(result.motion));
  await writeFile(
    path.join(args.out, 'trial-visualizer.json'),
    JSON.stringify(visualizerTransforms(model, result.motion)),
  );
  printWarnings(result.warnings);
  await writeReport(args, trial, result.quality, result.warnings);
  const limits = result.quality.coordinates_at_limit;
  console.log(
    `  IK marker RMS ${result.quality.ik_marker_rms_mm} mm; coordinates at a limit: ${limits.length ? limits.map((c) => `${c.coordinate} ${c.frames_pct} %`).join(', ') : 'none'}`,
  );
  console.log(`  wrote ${path.join(args.out, 'trial.mot')} and trial-visualizer.json`);
  return result;
}

/** Writes the keypoint report of a trial processed without the kinematics steps (no --neutral). */
export async function keypointReport(args: ProcessArgs, trial: CliTrial): Promise<void> {
  printWarnings(trial.result.warnings);
  await writeReport(args, trial, null, trial.result.warnings);
}
