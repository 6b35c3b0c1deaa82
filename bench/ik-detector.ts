/**
 * Detector-like case of bench:ik (issue #14): the virtual keypoints are not the model's markers but sit where a
 * BlazePose-like detector puts its landmarks, rigidly offset on their bodies (hips higher, more lateral and
 * forward; shoulders, hence the neck, on top of the shoulders; the 'toe' between the first two toes; the heel
 * lower and further back). Then exactly what the pipeline does: a virtual neutral trial (the subject standing
 * upright, seen by the same 4 cameras with 3 px noise) scales the built-in model and places its markers, the
 * small toes are derived from the heel, toe and hips as the pipeline derives them, and IK runs on the model as
 * the pipeline's trials do (keypointTrialModel: its weights, priors and locked coordinates). Targets: the same
 * as the clean case.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  framesFromMotion,
  KEYPOINT_NAMES,
  BUILTIN_REFERENCE_HEIGHT,
  loadBuiltinModel,
  markerPositions,
  OPTIONAL_KEYPOINT_NAMES,
  readMot,
  scaleModel,
  solveIK,
  UPRIGHT_POSE_TARGETS,
  type Model,
  type Vec3,
} from '@poselab/biomech';
import {
  builtinSetup,
  loadKinematicsSetup,
  trialModelFor,
  KEYPOINT_UNMEASURED_COORDINATES,
  keypointTrialModel,
  withDerivedKeypoints,
  type Keypoints3D,
} from '@poselab/pipeline';
import { RmseAccumulator, clampTruth, frameRate, perturb, trialCentre, type CaseResult } from './ik-common';

/**
 * Offsets of the detector's landmarks from the built-in model's markers, in the marker's body frame (X forward,
 * Y up, Z to the subject's right; left-side z mirrored). The model already expects its hip keypoint 3 cm above
 * and 2 cm lateral of the hip joint centre; this detector puts it another 2.5 cm higher, 1.5 cm more lateral and
 * 1 cm forward, as a subject with other proportions would: what marker placement at the neutral must absorb.
 */
export const DETECTOR_OFFSETS: Record<string, Vec3> = {
  r_hip: [0.01, 0.025, 0.015],
  r_shoulder: [-0.01, 0.03, 0.01],
  r_big_toe: [-0.01, 0, 0.015],
  r_heel: [-0.015, -0.015, 0],
};

/** The generic model with its keypoint markers moved to where the detector puts the landmarks. */
export function detectorModel(model: Model): Model {
  const offsetOf = (name: string): Vec3 | null => {
    const right = DETECTOR_OFFSETS[name.replace(/^l_/, 'r_')];
    if (!right) return null;
    return name.startsWith('l_') ? [right[0], right[1], -right[2]] : right;
  };
  return {
    ...model,
    markers: model.markers.map((m) => {
      const d = offsetOf(m.name);
      return d ? { ...m, location: [m.location[0] + d[0], m.location[1] + d[1], m.location[2] + d[2]] } : m;
    }),
  };
}

/** The built-in model's subject, as the augmenter's inputs. */
const SUBJECT = { heightM: BUILTIN_REFERENCE_HEIGHT, massKg: 75 };

const BACK = ['lumbar_extension', 'lumbar_bending', 'lumbar_rotation'];
/** Coordinates the pipeline holds at the neutral (KEYPOINT_UNMEASURED_COORDINATES): the subject keeps them. */
const UNMEASURED: readonly string[] = KEYPOINT_UNMEASURED_COORDINATES;
/** The coordinates scaling's upright assumption (UPRIGHT_POSE_TARGETS) sets to 0 at the neutral. */
const RELATIVE = Object.keys(UPRIGHT_POSE_TARGETS);

/** Measured keypoints (no small toes: the pipeline derives them after triangulation). */
const MEASURED = [...KEYPOINT_NAMES, ...OPTIONAL_KEYPOINT_NAMES].filter((n) => !n.endsWith('_small_toe'));
const ALL = [...KEYPOINT_NAMES, ...OPTIONAL_KEYPOINT_NAMES];

function landmarks(model: Model, q: Float64Array): Float64Array {
  const mp = markerPositions(model, Object.fromEntries(model.coordinates.map((c, i) => [c.name, q[i]])));
  const mid = (a: string, b: string) => mp[a].map((v, i) => (v + mp[b][i]) / 2);
  // The pipeline's neck and mid-hip are the means of the shoulders and hips.
  const point = (n: string) =>
    n === 'neck' ? mid('r_shoulder', 'l_shoulder') : n === 'midhip' ? mid('r_hip', 'l_hip') : mp[n];
  return Float64Array.from(MEASURED.flatMap(point));
}

/** Adds the small toes as the pipeline derives them (withDerivedKeypoints), in the ALL order. */
function withSmallToes(frames: Float64Array[], fps: number): Float64Array[] {
  const kp: Keypoints3D = {
    names: MEASURED,
    fps,
    frameCount: frames.length,
    startTimeSec: 0,
    positions: MEASURED.map((_, k) =>
      Float64Array.from(frames.flatMap((f) => [f[3 * k], f[3 * k + 1], f[3 * k + 2]])),
    ),
    reprojectionErrorPx: MEASURED.map(() => new Float64Array(frames.length)),
    cameraCount: MEASURED.map(() => new Uint8Array(frames.length)),
  };
  const full = withDerivedKeypoints(kp, ALL);
  return frames.map((_, f) =>
    Float64Array.from(full.positions.flatMap((p) => [p[3 * f], p[3 * f + 1], p[3 * f + 2]])),
  );
}

/**
 * Which neutral the virtual subject stands in: 'trial-posture' (default) keeps the trunk posture of the trial's
 * first frame, 'upright' is the model's zero pose (see neutralPose). BENCH_DETECTOR_NEUTRAL=upright reproduces
 * the README's second figure.
 */
const NEUTRAL_KIND = process.env.BENCH_DETECTOR_NEUTRAL === 'upright' ? 'upright' : 'trial-posture';

/**
 * The virtual subject's neutral pose: standing on both feet as PoseLab asks (level pelvis, legs straight and
 * vertical, feet flat), where the trial starts (position and heading of its first frame), with the toes and the
 * forearms' rotation of that frame: the pipeline holds them at the neutral (no keypoint measures them), so the
 * subject is taken to keep them (OpenCap never solves mtp either: its results hold it at -6.5 to -7.5°; with
 * the forearms left at the model's default, 75° from the truth's, the wrist keypoints pulled the left arm into
 * a 130° error and the trunk with it). 'trial-posture' also keeps the first frame's pelvis tilt and lumbar angles: OpenCap's walking
 * subject holds its pelvis 6-12° back and its lumbar spine 17-26° flexed throughout, a habitual posture the
 * subject would stand in too; the thighs stand vertical under that pelvis. 'upright' is the model's zero pose,
 * the pose the scaling assumes. Before issue #14's second pass the neutral also took the first frame's pelvis
 * list, subtalar angles and a hip adduction meant to keep the thighs vertical but of the wrong sign: the walking
 * neutral stood with both thighs leaning 7° sideways and the feet of a mid-stride frame.
 */
export function neutralPose(model: Model, first: Float64Array, kind = NEUTRAL_KIND): Float64Array {
  const at = (n: string) => model.coordinates.findIndex((c) => c.name === n);
  const pose = Float64Array.from(model.coordinates.map((c) => c.defaultValue));
  const kept = ['pelvis_tx', 'pelvis_tz', 'pelvis_rotation', ...UNMEASURED];
  if (kind === 'trial-posture') kept.push('pelvis_tilt', ...BACK);
  for (const n of kept) pose[at(n)] = first[at(n)];
  for (const side of ['r', 'l']) pose[at(`hip_flexion_${side}`)] = -pose[at('pelvis_tilt')];
  return pose;
}

/**
 * Which path solves the detector-like keypoints: 'builtin' (PoseLab_FullBody on the keypoints, the fallback)
 * or 'default' (SPEC §9: LaiUhlrich2022_shoulder on the marker augmenter v0.3, as loadKinematicsSetup and
 * trialModelFor run it). Both see the very same keypoints; the truth is the built-in model's coordinates, whose
 * definitions are LaiUhlrich2022's.
 */
export type DetectorPath = 'builtin' | 'default';

/**
 * Which skeleton the virtual subject has: 'builtin' (PoseLab_FullBody, the built-in path's own model: IK on it
 * has no model error) or 'opencap' (LaiUhlrich2022, the model OpenCap solved these motions on, with the
 * built-in model's detector landmarks at the same places on its bones). A path solving on another skeleton than
 * the subject's pays for the difference (joint centres, segment shapes) on top of the detector's errors.
 */
export type DetectorBody = 'builtin' | 'opencap';

/** The virtual subject's skeleton with the detector's landmarks on it, as markers under PoseLab's names. */
function subjectBody(body: DetectorBody): Model {
  const builtin = detectorModel(loadBuiltinModel());
  if (body === 'builtin') return builtin;
  const opencap = loadKinematicsSetup({ openSimModel: 'LaiUhlrich2022' }, undefined).generic;
  return { ...opencap, markers: builtin.markers };
}

export async function runDetectorCase(
  data: string,
  motions: string[],
  seed: number,
  path: DetectorPath = 'builtin',
  augmenterWeightScale?: number,
  body: DetectorBody = 'builtin',
): Promise<CaseResult> {
  const generic = loadBuiltinModel();
  const detector = subjectBody(body);
  // The subject's coordinates in the built-in model's order (the accumulator's; both define them alike).
  const inBuiltinOrder = (q: Float64Array) =>
    Float64Array.from(
      generic.coordinates,
      (c) => q[detector.coordinates.findIndex((x) => x.name === c.name)],
    );
  const setup =
    path === 'builtin' ? builtinSetup() : loadKinematicsSetup({}, SUBJECT, null, { augmenterWeightScale });
  const acc = new RmseAccumulator(generic);
  for (const [mi, file] of motions.entries()) {
    const motion = readMot(readFileSync(resolve(data, 'opencap-motions', file), 'utf8'));
    const subjectTruth = framesFromMotion(detector, motion).map((q) => clampTruth(detector, q));
    const truth = subjectTruth.map(inBuiltinOrder);
    const rate = frameRate(motion.time);
    const points = subjectTruth.map((q) => landmarks(detector, q));
    const centre = trialCentre(points, MEASURED.indexOf('midhip'));
    const subjectStanding = neutralPose(detector, subjectTruth[0]);
    const standing = inBuiltinOrder(subjectStanding);
    const at = (n: string) => generic.coordinates.findIndex((c) => c.name === n);
    const neutralTime = Array.from({ length: Math.round(rate) }, (_v, i) => i / rate);
    const neutralPoints = neutralTime.map(() => landmarks(detector, subjectStanding));
    const neutral = withSmallToes(
      perturb('b_4cams_3px', neutralPoints, MEASURED, centre, 9000 + 1000 * mi + 7919 * seed, rate),
      rate,
    );
    const neutralData = { names: ALL, time: neutralTime, frames: neutral };
    const scaled = scaleModel(setup.generic, setup.augment ? await setup.augment(neutralData) : neutralData, {
      ...setup.scaleOptions,
      setup: 'upright_standing_pose',
    });
    const trial = withSmallToes(
      perturb('b_4cams_3px', points, MEASURED, centre, 1000 * mi + 2 + 7919 * seed, rate),
      rate,
    );
    const trialData = { names: ALL, time: motion.time, frames: trial };
    const { model, ik, augment } =
      path === 'builtin'
        ? keypointTrialModel(scaled.model)
        : trialModelFor(scaled.model, SUBJECT, null, { augmenterWeightScale });
    const markers = augment ? await augment(trialData) : trialData;
    const t0 = performance.now();
    const res = solveIK(model, markers, ik);
    acc.secs += (performance.now() - t0) / 1000;
    const column = generic.coordinates.map((c) => model.coordinates.findIndex((x) => x.name === c.name));
    // Both paths report the coordinates their upright assumption sets at the neutral relative to the neutral
    // (the default path scales with the built-in path's assumption since issue #24, augmenter-weights.ts):
    // compared on that definition (the truth minus the neutral's pose); the others as they are.
    const relative = RELATIVE;
    acc.add(
      res.frames,
      truth.map((q) => {
        const rel = Float64Array.from(q);
        for (const n of relative) rel[at(n)] -= standing[at(n)];
        return rel;
      }),
      (i) => column[i],
    );
  }
  return acc.result();
}
