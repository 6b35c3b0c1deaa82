/**
 * bench:analysis — the analysis functions on a 10 s, 60 frames/s trial each (issue #16 acceptance 4: each
 * under 200 ms on one core). The trials are built by construction (packages/analysis/src/testing): a walk of
 * about nine strides, five squats, a countermovement jump padded with standing to 10 s. Each function runs
 * RUNS times after a warm-up; the figures are medians. For scale it also times forward kinematics of a 10 s
 * walk (OpenCap walking1's real step, repeated) on LaiUhlrich2022, which the worker runs before an analysis.
 * Ends with one JSON line {"gaitMs","squatMs","jumpMs", …}.
 */
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAnalysis, trialKinematics, type TrialKinematics } from '@poselab/analysis';
import { syntheticGait } from '../packages/analysis/src/testing/synthetic-gait';
import { syntheticJump } from '../packages/analysis/src/testing/synthetic-jump';
import { syntheticSquats } from '../packages/analysis/src/testing/synthetic-squat';
import { repeatedRealStep } from '../packages/analysis/src/testing/real-walk';
import { laiUhlrichModel, sharedMotion } from '../packages/analysis/src/testing/shared-data';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const FPS = 60;
const subject = { heightM: 1.75, massKg: 70, sex: null };

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)];
}

function time(fn: () => unknown): number {
  fn();
  const ms: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

/** Pads a trial with its last frame (standing still) to `seconds`. */
function padTo(kin: TrialKinematics, seconds: number): TrialKinematics {
  const n = kin.time.length;
  const total = Math.round(seconds * FPS) + 1;
  if (total <= n) return kin;
  const pad = (a: Float64Array, width: number) => {
    const out = new Float64Array(total * width);
    out.set(a);
    for (let i = n; i < total; i++) out.copyWithin(i * width, (n - 1) * width, n * width);
    return out;
  };
  return {
    time: Float64Array.from({ length: total }, (_, i) => i / FPS),
    coordinates: Object.fromEntries(Object.entries(kin.coordinates).map(([k, v]) => [k, pad(v, 1)])),
    points: Object.fromEntries(
      Object.entries(kin.points).map(([k, v]) => [k, pad(v, 3)]),
    ) as TrialKinematics['points'],
    segments: { pelvis: pad(kin.segments.pelvis, 9), torso: pad(kin.segments.torso, 9) },
  };
}

const gait = syntheticGait({
  fps: FPS,
  duration: 10,
  speed: 1.3,
  strideTime: 1.1,
  stance: 0.62,
  stepWidth: 0.1,
}).kinematics;
const squat = syntheticSquats({
  fps: FPS,
  pause: 0.5,
  reps: [0.3, 0.32, 0.28, 0.35, 0.3].map((depth) => ({
    depth,
    duration: 1.4,
    knee: 100,
    hip: 90,
    ankle: 25,
    trunkFlexion: 30,
  })),
}).kinematics;
const jump = padTo(
  syntheticJump({
    kind: 'counter_movement_jump',
    fps: FPS,
    flight: 0.5,
    peaks: { hip: 70, knee: { r: 85, l: 90 }, ankle: 30 },
  }).kinematics,
  10,
);
const frames = (k: TrialKinematics) => k.time.length;
console.log(
  `trials: gait ${frames(gait)} frames, squat ${frames(squat)}, jump ${frames(jump)} (${FPS} frames/s)`,
);

const gaitMs = time(() => runAnalysis('gait', gait, subject));
const squatMs = time(() => runAnalysis('squat', squat, subject));
const jumpMs = time(() => runAnalysis('counter_movement_jump', jump, subject));
console.log(
  `gait ${gaitMs.toFixed(1)} ms, squat ${squatMs.toFixed(1)} ms, jump ${jumpMs.toFixed(1)} ms (median of ${RUNS})`,
);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let fkMs: number | null = null;
let fkFrames = 0;
if (existsSync(resolve(root, '../shared/data/opencap-motions'))) {
  // walking1 at 100 frames/s: its one real step, repeated and mirrored, for 10 s (1,000 frames).
  const motion = repeatedRealStep(sharedMotion('opencap-motions/walking1.mot'), 53, 122, 15);
  const model = laiUhlrichModel();
  fkFrames = motion.rows.length;
  fkMs = time(() => trialKinematics(model, motion));
  console.log(`forward kinematics (LaiUhlrich2022) of ${fkFrames} frames: ${fkMs.toFixed(1)} ms`);
} else {
  console.log('forward kinematics skipped: ../shared/data is absent');
}
console.log(
  JSON.stringify({
    gaitMs: Number(gaitMs.toFixed(1)),
    squatMs: Number(squatMs.toFixed(1)),
    jumpMs: Number(jumpMs.toFixed(1)),
    fkMs: fkMs === null ? null : Number(fkMs.toFixed(1)),
    fkFrames,
  }),
);
