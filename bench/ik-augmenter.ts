/**
 * The default path of bench:ik (SPEC §9: LaiUhlrich2022_shoulder on marker augmenter v0.3, both shipped), run
 * as the pipeline runs it: virtual video keypoints (the model's LaiUhlrich2022_markers_openpose.xml markers) →
 * perturbation + filter → the pipeline's setup (loadKinematicsSetup: augmenter, Setup_scaling's measurements)
 * → scaling on a virtual neutral trial → the pipeline's trial IK (trialModelFor: the video keypoints, the
 * augmenter's markers at AUGMENTER_WEIGHT_SCALE times Setup_IK's weights; pipeline augmenter-weights.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  KEYPOINT_NAMES,
  KEYPOINT_TO_OPENPOSE,
  framesFromMotion,
  markerPositions,
  readMot,
  scaleModel,
  solveIK,
  type MarkerTrajectories,
  type Model,
} from '@poselab/biomech';
import { loadKinematicsSetup, trialModelFor } from '@poselab/pipeline';
import {
  CASES,
  RmseAccumulator,
  clampTruth,
  frameRate,
  perturb,
  trialCentre,
  type CaseName,
  type CaseResult,
} from './ik-common';

const SUBJECT = { heightM: 1.7, massKg: 75 }; // the generic Rajagopal/LaiUhlrich subject

function keypointsOf(model: Model, q: Float64Array): Float64Array {
  const mp = markerPositions(model, Object.fromEntries(model.coordinates.map((c, i) => [c.name, q[i]])));
  return Float64Array.from(KEYPOINT_NAMES.flatMap((n) => mp[KEYPOINT_TO_OPENPOSE[n]]));
}

/**
 * Augmenter output vs the model's own augmenter markers at the true pose, per marker: the constant part
 * (RMS over trials of |trial mean error vector|) and the RMS about each trial's mean (noise), in mm.
 */
class MarkerErrorAccumulator {
  private offsetSq = new Map<string, number>();
  private sq = new Map<string, number>();
  private n = 0;
  /** Adds one trial. */
  add(model: Model, truth: Float64Array[], predicted: MarkerTrajectories): void {
    const sums = predicted.names.map(() => [0, 0, 0]);
    truth.forEach((q, t) => {
      const mp = markerPositions(model, Object.fromEntries(model.coordinates.map((c, i) => [c.name, q[i]])));
      predicted.names.forEach((name, k) => {
        if (!name.endsWith('_study')) return;
        for (let a = 0; a < 3; a++) {
          const d = predicted.frames[t][3 * k + a] - mp[name][a];
          sums[k][a] += d;
          this.sq.set(name, (this.sq.get(name) ?? 0) + d * d);
        }
      });
    });
    predicted.names.forEach((name, k) => {
      if (!name.endsWith('_study')) return;
      const m2 = sums[k].reduce((s, v) => s + v * v, 0) / truth.length;
      this.offsetSq.set(name, (this.offsetSq.get(name) ?? 0) + m2);
    });
    this.n += truth.length;
  }
  result(): Record<string, { offsetMm: number; sdMm: number }> {
    const out: Record<string, { offsetMm: number; sdMm: number }> = {};
    for (const [name, o] of this.offsetSq) {
      const offset2 = o / this.n;
      out[name] = {
        offsetMm: 1000 * Math.sqrt(offset2),
        sdMm: 1000 * Math.sqrt(Math.max(0, (this.sq.get(name) ?? 0) / this.n - offset2)),
      };
    }
    return out;
  }
}

export interface AugmenterCaseResult {
  model: string;
  results: Record<CaseName, CaseResult>;
  /** Per augmenter marker, prediction error in case b_4cams_3px. */
  markerErrors: Record<string, { offsetMm: number; sdMm: number }>;
}

/** BENCH_AUGMENTER_CASES=b_4cams_3px runs only that case (quicker when choosing weights). */
const ONLY = process.env.BENCH_AUGMENTER_CASES?.split(',') as CaseName[] | undefined;

export async function runAugmenterCase(
  data: string,
  motions: string[],
  openSimModel = 'LaiUhlrich2022_shoulder',
): Promise<AugmenterCaseResult> {
  const setup = loadKinematicsSetup({ openSimModel }, SUBJECT);
  const generic = setup.generic;
  if (setup.modelName !== openSimModel || !setup.augment) throw new Error(`${openSimModel} is not installed`);
  const names = [...KEYPOINT_NAMES];
  const cases = ONLY ?? CASES;
  const markerAcc = new MarkerErrorAccumulator();
  const acc = Object.fromEntries(CASES.map((c) => [c, new RmseAccumulator(generic)])) as Record<
    CaseName,
    RmseAccumulator
  >;
  const neutralQ = framesFromMotion(generic, {
    name: '',
    inDegrees: true,
    columns: ['pelvis_ty'],
    time: [0],
    rows: [[0.93]],
  })[0];
  for (const [mi, file] of motions.entries()) {
    const motion = readMot(readFileSync(resolve(data, 'opencap-motions', file), 'utf8'));
    const truth = framesFromMotion(generic, motion).map((q) => clampTruth(generic, q));
    const points = truth.map((q) => keypointsOf(generic, q));
    const centre = trialCentre(points, names.indexOf('midhip'));
    const rate = frameRate(motion.time);
    const neutralTime = Array.from({ length: 2 * Math.round(rate) }, (_v, i) => i / rate);
    const neutralPoints = neutralTime.map(() => keypointsOf(generic, neutralQ));
    for (const [ci, c] of CASES.entries()) {
      if (!cases.includes(c)) continue;
      const neutralKp = {
        names,
        time: neutralTime,
        frames: perturb(c, neutralPoints, names, [0, 0, 0], 5000 + 1000 * mi + ci, rate),
      };
      const scaled = scaleModel(generic, await setup.augment(neutralKp), {
        ...setup.scaleOptions,
        setup: 'upright_standing_pose',
      });
      const trialKp = {
        names,
        time: motion.time,
        frames: perturb(c, points, names, centre, 1000 * mi + ci + 1, rate),
      };
      const trialModel = trialModelFor(scaled.model, SUBJECT);
      const markers = await trialModel.augment!(trialKp);
      if (c === 'b_4cams_3px') markerAcc.add(generic, truth, markers);
      const t0 = performance.now();
      const res = solveIK(trialModel.model, markers, trialModel.ik);
      acc[c].secs += (performance.now() - t0) / 1000;
      acc[c].add(res.frames, truth);
    }
  }
  return {
    model: openSimModel,
    results: Object.fromEntries(cases.map((c) => [c, acc[c].result()])) as Record<CaseName, CaseResult>,
    markerErrors: markerAcc.result(),
  };
}
