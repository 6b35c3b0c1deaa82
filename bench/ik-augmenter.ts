/**
 * LaiUhlrich2022 case of bench:ik, as the pipeline runs it with an OpenSim model: virtual video keypoints
 * (LaiUhlrich2022_markers_openpose.xml) → perturbation + filter → marker augmenter v0.3 → scaling on a virtual
 * neutral trial (Setup_scaling_LaiUhlrich2022.xml) → IK with the Setup_IK.xml marker weights.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  KEYPOINT_NAMES,
  KEYPOINT_TO_OPENPOSE,
  framesFromMotion,
  listAugmenters,
  loadAugmenter,
  markerPositions,
  readIKSetup,
  readMarkerSet,
  readMot,
  readOsim,
  readScaleSetup,
  runAugmenter,
  scaleModel,
  solveIK,
  withMarkers,
  type MarkerTrajectories,
  type Model,
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
        for (let a = 0; a < 3; a++) {
          const d = predicted.frames[t][3 * k + a] - mp[name][a];
          sums[k][a] += d;
          this.sq.set(name, (this.sq.get(name) ?? 0) + d * d);
        }
      });
    });
    predicted.names.forEach((name, k) => {
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
  results: Record<CaseName, CaseResult>;
  /** Per augmenter marker, prediction error in case b_4cams_3px. */
  markerErrors: Record<string, { offsetMm: number; sdMm: number }>;
}

export async function runAugmenterCase(data: string, motions: string[]): Promise<AugmenterCaseResult | null> {
  const dir = resolve(data, 'opencap-models');
  if (!existsSync(resolve(dir, 'LaiUhlrich2022.osim')) || listAugmenters(dir).length === 0) {
    console.log(`\nLaiUhlrich2022 + augmenter: skipped (model or augmenter files missing in ${dir})`);
    return null;
  }
  const setup = (f: string): string => readFileSync(resolve(dir, 'setup', f), 'utf8');
  const generic = withMarkers(readOsim(readFileSync(resolve(dir, 'LaiUhlrich2022.osim'), 'utf8')), [
    ...readMarkerSet(setup('LaiUhlrich2022_markers_openpose.xml')),
    ...readMarkerSet(setup('LaiUhlrich2022_markers_augmenter.xml')),
  ]);
  const scaling = readScaleSetup(setup('Setup_scaling_LaiUhlrich2022.xml'));
  const ikWeights = readIKSetup(setup('Setup_IK.xml')).markerWeights;
  const augmenter = loadAugmenter(dir);
  const names = [...KEYPOINT_NAMES];
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
      const neutralKp = {
        names,
        time: neutralTime,
        frames: perturb(c, neutralPoints, names, [0, 0, 0], 5000 + 1000 * mi + ci, rate),
      };
      const neutralMarkers = await runAugmenter(augmenter, neutralKp, SUBJECT);
      const scaled = scaleModel(generic, neutralMarkers, {
        setup: 'upright_standing_pose',
        measurements: scaling.measurements,
        weights: scaling.markerWeights,
        uprightTargets: scaling.coordinateTargets,
      });
      const trialKp = {
        names,
        time: motion.time,
        frames: perturb(c, points, names, centre, 1000 * mi + ci + 1, rate),
      };
      const markers = await runAugmenter(augmenter, trialKp, SUBJECT);
      if (c === 'b_4cams_3px') markerAcc.add(generic, truth, markers);
      const t0 = performance.now();
      const res = solveIK(scaled.model, markers, { weights: ikWeights, smoothing: SMOOTHING });
      acc[c].secs += (performance.now() - t0) / 1000;
      acc[c].add(res.frames, truth);
    }
  }
  return {
    results: Object.fromEntries(CASES.map((c) => [c, acc[c].result()])) as Record<CaseName, CaseResult>,
    markerErrors: markerAcc.result(),
  };
}
