/**
 * Acceptance 2 of the biomech issue. Real OpenCap trajectories (../shared/data/opencap-motions) drive a model;
 * virtual keypoints are perturbed (a) by 10 mm 3D noise, (b) by projection into 4 and 2 virtual cameras with
 * 3 px noise and triangulation; the pipeline's 12 Hz low-pass filter runs; IK recovers the angles.
 * Prints RMSE per coordinate and ends with one JSON line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  KEYPOINT_NAMES,
  framesFromMotion,
  loadBuiltinModel,
  markerPositions,
  readMot,
  solveIK,
} from '@poselab/biomech';
import {
  CASES,
  RmseAccumulator,
  SMOOTHING,
  clampTruth,
  frameRate,
  perturb,
  trialCentre,
  type CaseName,
  type CaseResult,
} from './ik-common';
import { runAugmenterCase } from './ik-augmenter';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = resolve(root, '../shared/data');
if (!existsSync(resolve(data, 'opencap-motions'))) {
  console.error(`bench:ik needs ${data}/opencap-motions (shared test data); it is absent.`);
  process.exit(1);
}
const MOTIONS = ['walking1.mot', 'squats1.mot'];
const FLEXION = [
  'hip_flexion_r',
  'hip_flexion_l',
  'knee_angle_r',
  'knee_angle_l',
  'ankle_angle_r',
  'ankle_angle_l',
];
const LOWER_LIMB = [
  ...FLEXION,
  ...['hip_adduction', 'hip_rotation', 'subtalar_angle', 'mtp_angle'].flatMap((c) => [`${c}_r`, `${c}_l`]),
];

function runBuiltin(): Record<CaseName, CaseResult> {
  const model = loadBuiltinModel();
  const names = [...KEYPOINT_NAMES];
  const acc = Object.fromEntries(CASES.map((c) => [c, new RmseAccumulator(model)])) as Record<
    CaseName,
    RmseAccumulator
  >;
  for (const [mi, file] of MOTIONS.entries()) {
    const motion = readMot(readFileSync(resolve(data, 'opencap-motions', file), 'utf8'));
    const truth = framesFromMotion(model, motion).map((q) => clampTruth(model, q));
    const points = truth.map((q) => {
      const mp = markerPositions(model, Object.fromEntries(model.coordinates.map((c, i) => [c.name, q[i]])));
      return Float64Array.from(names.flatMap((n) => mp[n]));
    });
    const centre = trialCentre(points, names.indexOf('midhip'));
    for (const [ci, c] of CASES.entries()) {
      const noisy = perturb(c, points, centre, 1000 * mi + ci + 1, frameRate(motion.time));
      const t0 = performance.now();
      const res = solveIK(model, { names, time: motion.time, frames: noisy }, { smoothing: SMOOTHING });
      acc[c].secs += (performance.now() - t0) / 1000;
      acc[c].add(res.frames, truth);
    }
  }
  return Object.fromEntries(CASES.map((c) => [c, acc[c].result()])) as Record<CaseName, CaseResult>;
}

function printTable(title: string, results: Record<string, CaseResult>): void {
  const cases = Object.keys(results);
  const coords = Object.keys(results[cases[0]].rmse);
  console.log(`\n${title}  (RMSE over ${MOTIONS.join(' + ')}; degrees, pelvis_t* in mm)`);
  console.log('coordinate'.padEnd(20) + cases.map((c) => c.padStart(14)).join(''));
  for (const name of coords)
    console.log(name.padEnd(20) + cases.map((c) => results[c].rmse[name].toFixed(2).padStart(14)).join(''));
  for (const c of cases)
    console.log(
      `${c}: ${results[c].frames} frames, IK ${(results[c].frames / results[c].ikSeconds).toFixed(0)} frames/s`,
    );
}

const maxOf = (r: CaseResult, names: string[]): number => Math.max(...names.map((n) => r.rmse[n] ?? NaN));

const builtin = runBuiltin();
printTable('Built-in model (PoseLab_FullBody), IK on keypoints', builtin);
const augmented = await runAugmenterCase(data, MOTIONS);
if (augmented)
  printTable(
    'LaiUhlrich2022 scaled from a virtual neutral trial + marker augmenter v0.3 + Setup_IK weights',
    augmented,
  );

const b4 = builtin.b_4cams_3px;
console.log(
  JSON.stringify({
    rmseFlexionDeg: maxOf(b4, FLEXION),
    rmseLowerLimbDeg: maxOf(b4, LOWER_LIMB),
    ikFramesPerSecond: b4.frames / b4.ikSeconds,
    rmseLowerLimbNoMtpDeg: maxOf(
      b4,
      LOWER_LIMB.filter((n) => !n.startsWith('mtp')),
    ),
    ...(augmented
      ? {
          augmenterRmseFlexionDeg: maxOf(augmented.b_4cams_3px, FLEXION),
          augmenterRmseLowerLimbDeg: maxOf(augmented.b_4cams_3px, LOWER_LIMB),
        }
      : {}),
  }),
);
