/**
 * Ground-truth bench (`npm run bench:groundtruth`, issue #23): a rendered, rigged human driven by a known
 * OpenSim motion through LaiUhlrich2022's forward kinematics, filmed by virtual phones (three.js in headless
 * Chromium), then processed exactly as the worker processes a session (bench/groundtruth/worker-path.ts) and
 * compared with the motion's angles. Ends with one JSON line of figures. See the pipeline README
 * ("Ground-truth bench") for what compares fairly.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILTIN_MODEL_NAME, readMot, readOsim } from '@poselab/biomech';
import { parseBenchArgs, SHARED_MODELS_DIR, USAGE, type BenchArgs } from './groundtruth/args';
import { avatarGlb, DEFAULT_CACHE_DIR, MissingPackageError } from './groundtruth/avatar-file';
import { PHONE_FPS, PHONE_HEIGHT, PHONE_WIDTH } from './groundtruth/cameras';
import { calibrateFromCheckerboard, type CheckerboardCalibration } from './groundtruth/checkerboard';
import { mean, type DofError } from './groundtruth/metrics';
import {
  angleFigures,
  jointCentreFigures,
  landmarkFigures,
  scaleFigures,
  syncErrorsMs,
  truthClock,
} from './groundtruth/figures';
import { truthMotion } from './groundtruth/motion';
import { recordClips, type PhoneClip } from './groundtruth/recording';
import { AvatarRenderer } from './groundtruth/render';
import { ROOT_BONE } from './groundtruth/retarget';
import { nodeIndex, readRig } from './groundtruth/rig';
import { buildScenario } from './groundtruth/scenario';
import { processSession } from './groundtruth/worker-path';

const FK_MODEL = resolve(SHARED_MODELS_DIR, 'LaiUhlrich2022.osim');
const NEUTRAL_SECONDS = 0.5;
/** Bump when rendering changes, so cached videos are made again. */
const RENDER_VERSION = 1;

let args: BenchArgs;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
for (const f of [FK_MODEL, args.motion])
  if (!existsSync(f)) {
    console.error(`bench:groundtruth needs ${f}`);
    process.exit(2);
  }
let glb: string;
try {
  glb = avatarGlb();
} catch (err) {
  if (!(err instanceof MissingPackageError)) throw err;
  console.error(err.message);
  process.exit(2);
}

// The model the worker would use: its default (SPEC §9, shipped since issue #24), or forced by --model
// ('builtin' names the built-in model: without a models folder it no longer falls back to it).
if (args.model !== 'worker' && args.model !== 'builtin') process.env.MODELS_DIR ??= SHARED_MODELS_DIR;
const settings =
  args.model === 'worker' ? {} : { openSimModel: args.model === 'builtin' ? BUILTIN_MODEL_NAME : args.model };

const started = performance.now();
const fkModel = readOsim(readFileSync(FK_MODEL, 'utf8'));
const motionText = readFileSync(args.motion, 'utf8');
const truth = truthMotion(fkModel, readMot(motionText));
const rig = readRig(readFileSync(glb));
const scenario = buildScenario(rig, fkModel, truth, {
  startSec: args.startSec,
  seconds: args.seconds,
  cameras: args.cameras,
  azimuthsDeg: args.azimuthsDeg,
  maxOffsetSec: Math.max(...args.offsetsMs) / 1000,
});
// Coordinates coupled to others (the knees' patella 'beta') follow them; the others the file lacks stay at 0.
const coupled = new Set(fkModel.couplers.map((c) => c.dependent));
const missing = fkModel.coordinates
  .filter((c) => !truth.present.includes(c.name) && !coupled.has(c.name))
  .map((c) => c.name);
console.log(
  `motion ${args.motion}: ${scenario.seconds.toFixed(2)} s from ${scenario.startSec.toFixed(2)} s; ${truth.present.length} coordinates${missing.length ? ` (missing, held at 0 and left out: ${missing.join(', ')})` : ''}`,
);
console.log(
  `phones: ${scenario.cameras.map((c, i) => `${c.name} at ${scenario.azimuthsDeg[i]}°`).join(', ')} (1080×1920, 60 fps, rendered at ${args.renderScale}×), offsets ${args.offsetsMs.join('/')} ms, ${(args.dropRate * 100).toFixed(1)} % frames dropped`,
);

// Videos: rendered once per scenario and cached (rendering is the slow part on a 2-core machine).
const key = createHash('sha1')
  .update(
    JSON.stringify({
      RENDER_VERSION,
      motionText,
      a: { ...args, model: null, calibration: null, cache: null },
    }),
  )
  .digest('hex')
  .slice(0, 16);
const dir = join(DEFAULT_CACHE_DIR, 'videos', key);
const meta = join(dir, 'clips.json');
interface Recorded {
  neutral: PhoneClip[];
  trial: PhoneClip[];
  avatarHeightM: number;
  renderSec: number;
}
let recorded: Recorded;
if (args.cache && existsSync(meta)) {
  recorded = JSON.parse(readFileSync(meta, 'utf8'));
  console.log(`videos: cached in ${dir}`);
} else {
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const w = Math.round((PHONE_WIDTH * args.renderScale) / 2) * 2;
  const h = Math.round((PHONE_HEIGHT * args.renderScale) / 2) * 2;
  const renderer = await AvatarRenderer.start(glb, nodeIndex(rig, ROOT_BONE), w, h);
  try {
    const size: [number, number] | undefined = args.renderScale < 1 ? [PHONE_WIDTH, PHONE_HEIGHT] : undefined;
    const plan = { fps: PHONE_FPS, dropRate: 0, size };
    const neutral = await recordClips(
      renderer,
      () => scenario.neutral,
      scenario.cameras,
      { ...plan, startSec: 0, offsetsSec: [], frames: Math.round(NEUTRAL_SECONDS * PHONE_FPS), still: true },
      dir,
      'neutral',
    );
    const trial = await recordClips(
      renderer,
      scenario.poseAt,
      scenario.cameras,
      {
        ...plan,
        dropRate: args.dropRate,
        startSec: scenario.startSec,
        offsetsSec: args.offsetsMs.map((o) => o / 1000),
        frames: Math.round(scenario.seconds * PHONE_FPS),
      },
      dir,
      'trial',
    );
    recorded = {
      neutral,
      trial,
      avatarHeightM: await renderer.restHeight(),
      renderSec: (performance.now() - t0) / 1000,
    };
  } finally {
    await renderer.close();
  }
  writeFileSync(meta, JSON.stringify(recorded));
}
console.log(
  `avatar height ${recorded.avatarHeightM.toFixed(3)} m; rendering took ${recorded.renderSec.toFixed(0)} s`,
);

let calibration: CheckerboardCalibration | null = null;
if (args.calibration === 'checkerboard') {
  // The board stands where the subject moves, its face towards the phones' mean direction.
  const a = scenario.azimuthsDeg.map((d) => (d * Math.PI) / 180);
  const facing = (Math.atan2(mean(a.map(Math.sin)), mean(a.map(Math.cos))) * 180) / Math.PI;
  const t = performance.now();
  calibration = calibrateFromCheckerboard(
    scenario.cameras,
    [scenario.centre[0], 1.0, scenario.centre[2]],
    facing,
  );
  console.log(
    `checkerboard calibration (${((performance.now() - t) / 1000).toFixed(0)} s): camera centres ${calibration.centreErrMm.map((e) => e.toFixed(1)).join(', ')} mm from the truth, board RMS ${calibration.extrinsicsRmsPx.map((e) => e.toFixed(2)).join(', ')} px`,
  );
}
const cameras = calibration?.cameras ?? scenario.cameras;

const t1 = performance.now();
const session = await processSession({
  cameras,
  alternatives: calibration?.alternatives,
  neutral: { videos: recorded.neutral.map((c) => c.file), startMs: recorded.neutral.map(() => 0) },
  trial: {
    videos: recorded.trial.map((c) => c.file),
    startMs: recorded.trial.map((c) => c.frameTimes[0] * 1000),
  },
  subject: { height_m: recorded.avatarHeightM, weight_kg: 70, sex: null },
  settings,
  detectionCacheDir: args.cache ? join(DEFAULT_CACHE_DIR, 'detections') : undefined,
  onProgress: (m) => console.log(m),
});
const processSec = (performance.now() - t1) / 1000;

const kp = session.trialKeypoints;
const clock = truthClock(kp, recorded.trial);
const landmarks = landmarkFigures(kp, recorded.trial, scenario.poseAt);
const scale = scaleFigures(session.scaledModel, scenario.neutral);
const syncMs = syncErrorsMs(kp, recorded.trial);
const trial = session.trial;
const angles = trial ? angleFigures(trial.motion, truth, clock) : null;
const joints = trial ? jointCentreFigures(session.scaledModel, trial.motion, clock, scenario.poseAt) : null;

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
console.log(
  `\nmeasured path: model ${session.modelName}${session.augmenter ? ` + augmenter ${session.augmenter}` : ' (keypoints as markers)'}; calibration ${args.calibration}`,
);
const nk = session.neutral.keypoints;
console.log(
  `neutral: cameras used ${nk.cameras.map((c) => c + 1).join(', ')}; reprojection ${nk.triangulation.meanReprojectionPx.toFixed(2)} px; left/right swapped frames ${nk.selection.mirroredFrames.map((f) => f.length).join('/')}`,
);
console.log(
  `trial: left/right swapped frames ${kp.selection.mirroredFrames.map((f) => f.length).join('/')}; cameras used ${kp.cameras.map((c) => c + 1).join(', ')}; sync error ${syncMs.map((s) => `${f1(s)} ms`).join(', ')}; reprojection ${kp.triangulation.meanReprojectionPx.toFixed(2)} px; ${kp.keypoints.frameCount} frames`,
);
if (angles) {
  console.log('DOF                    RMSE °   bias °');
  for (const [d, e] of [
    ...Object.entries(angles.perDof),
    ...Object.entries(angles.arms),
    ...Object.entries(angles.pitch),
  ])
    console.log(`  ${d.padEnd(20)} ${f1(e.rmseDeg).padStart(6)}  ${f1(e.biasDeg).padStart(7)}`);
  console.log(
    `mean over OpenCap DOFs ${f1(angles.rmseMeanDeg)}° (knee ${f1(angles.kneeRmseDeg)}, hip flexion ${f1(angles.hipFlexRmseDeg)}, ankle ${f1(angles.ankleRmseDeg)}); arms ${f1(angles.armRmseMeanDeg)}°`,
  );
} else
  console.log(`the worker refuses this trial (${session.trialError!.code}): ${session.trialError!.detail}`);
console.log(
  `2D landmarks vs projected rig joints: mean ${f1(landmarks.meanPx)} px, max ${f1(landmarks.maxPx)} px (${Object.entries(
    landmarks.perJointPx,
  )
    .map(([k, v]) => `${k} ${f1(v)}`)
    .join(', ')})`,
);
if (joints)
  console.log(
    `3D joint centres (scaled model vs rig): mean ${f1(joints.meanMm)} mm (${Object.entries(joints.perJointMm)
      .map(([k, v]) => `${k} ${f1(v)}`)
      .join(', ')})`,
  );
console.log(
  `segments (model vs avatar): ${Object.entries(scale.segments)
    .map(
      ([k, s]) =>
        `${k} ${s.modelMm.toFixed(0)}/${s.avatarMm.toFixed(0)} mm (${s.errPct >= 0 ? '+' : ''}${s.errPct.toFixed(1)} %)`,
    )
    .join(', ')}`,
);
console.log(
  `warnings: ${trial?.warnings.map((w) => w.code).join(', ') || 'none'}; processing ${processSec.toFixed(0)} s, total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

const round = (v: number, d = 2) => (Number.isFinite(v) ? Number(v.toFixed(d)) : null);
const rounded = (errors: Record<string, DofError> | undefined, key: 'rmseDeg' | 'biasDeg') =>
  errors ? Object.fromEntries(Object.entries(errors).map(([d, e]) => [d, round(e[key])])) : null;
console.log(
  JSON.stringify({
    motion: args.motion.split('/').pop(),
    model: session.modelName,
    augmenter: session.augmenter,
    cameras: args.cameras,
    calibration: args.calibration,
    calibrationCentreErrMm: calibration?.centreErrMm.map((e) => round(e, 1)) ?? null,
    seconds: round(scenario.seconds),
    refused: session.trialError ? { code: session.trialError.code, detail: session.trialError.detail } : null,
    rmseMeanDeg: round(angles?.rmseMeanDeg ?? NaN),
    kneeRmseDeg: round(angles?.kneeRmseDeg ?? NaN),
    hipFlexRmseDeg: round(angles?.hipFlexRmseDeg ?? NaN),
    ankleRmseDeg: round(angles?.ankleRmseDeg ?? NaN),
    perDofRmseDeg: rounded(angles?.perDof, 'rmseDeg'),
    perDofBiasDeg: rounded(angles?.perDof, 'biasDeg'),
    armRmseMeanDeg: round(angles?.armRmseMeanDeg ?? NaN),
    pitchRmseDeg: rounded(angles?.pitch, 'rmseDeg'),
    scaleErrMaxPct: round(scale.maxErrPct),
    landmarkErrPx: round(landmarks.meanPx),
    jointCentreErrMm: round(joints?.meanMm ?? NaN, 1),
    syncErrMs: syncMs.map((s) => round(s, 1)),
  }),
);
