/**
 * Detector-like case of bench:ik (issue #14): the virtual keypoints are not the model's markers but sit where a
 * BlazePose-like detector puts its landmarks, rigidly offset on their bodies (hips higher, more lateral and
 * forward; shoulders, hence the neck, on top of the shoulders; the 'toe' between the first two toes; the heel
 * lower and further back). Then exactly what the pipeline does: a virtual neutral trial (the subject standing
 * upright, seen by the same 4 cameras with 3 px noise) scales the built-in model and places its markers, the
 * small toes are derived from the heel, toe and hips as the pipeline derives them, and IK runs with the
 * pipeline's keypoint weights and prior. Targets: the same as the clean case.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  framesFromMotion,
  KEYPOINT_NAMES,
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
import { builtinSetup, keypointIkOptions, withDerivedKeypoints, type Keypoints3D } from '@poselab/pipeline';
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

const FEET_AND_BACK = [
  'lumbar_extension',
  'lumbar_bending',
  'lumbar_rotation',
  'subtalar_angle_r',
  'subtalar_angle_l',
  'mtp_angle_r',
  'mtp_angle_l',
];
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

export function runDetectorCase(data: string, motions: string[], seed: number): CaseResult {
  const generic = loadBuiltinModel();
  const detector = detectorModel(generic);
  const setup = builtinSetup();
  const acc = new RmseAccumulator(generic);
  for (const [mi, file] of motions.entries()) {
    const motion = readMot(readFileSync(resolve(data, 'opencap-motions', file), 'utf8'));
    const truth = framesFromMotion(generic, motion).map((q) => clampTruth(generic, q));
    const rate = frameRate(motion.time);
    const points = truth.map((q) => landmarks(detector, q));
    const centre = trialCentre(points, MEASURED.indexOf('midhip'));
    // The virtual neutral: a second of the subject standing where the trial starts, in the trial's posture
    // (pelvis, back, feet and toes of its first frame: OpenCap's walking subject keeps its pelvis 6-12° back and
    // its lumbar spine 17-26° flexed throughout) with the legs straight and the thighs vertical under the pelvis.
    const at = (n: string) => generic.coordinates.findIndex((c) => c.name === n);
    const standing = Float64Array.from(generic.coordinates.map((c) => c.defaultValue));
    for (const n of [
      'pelvis_tx',
      'pelvis_tz',
      'pelvis_rotation',
      'pelvis_tilt',
      'pelvis_list',
      ...FEET_AND_BACK,
    ])
      standing[at(n)] = truth[0][at(n)];
    for (const side of ['r', 'l']) {
      standing[at(`hip_flexion_${side}`)] = -truth[0][at('pelvis_tilt')];
      standing[at(`hip_adduction_${side}`)] = (side === 'r' ? 1 : -1) * truth[0][at('pelvis_list')];
    }
    const neutralTime = Array.from({ length: Math.round(rate) }, (_v, i) => i / rate);
    const neutralPoints = neutralTime.map(() => landmarks(detector, standing));
    const neutral = withSmallToes(
      perturb('b_4cams_3px', neutralPoints, MEASURED, centre, 9000 + 1000 * mi + 7919 * seed, rate),
      rate,
    );
    const scaled = scaleModel(
      generic,
      { names: ALL, time: neutralTime, frames: neutral },
      { ...setup.scaleOptions, setup: 'upright_standing_pose' },
    );
    const trial = withSmallToes(
      perturb('b_4cams_3px', points, MEASURED, centre, 1000 * mi + 2 + 7919 * seed, rate),
      rate,
    );
    const t0 = performance.now();
    const opts = keypointIkOptions(scaled.model);
    const res = solveIK(scaled.model, { names: ALL, time: motion.time, frames: trial }, opts);
    acc.secs += (performance.now() - t0) / 1000;
    // The pipeline reports the coordinates its upright assumption sets at the neutral relative to the neutral:
    // compared on that definition (the truth minus the neutral's pose); the others as they are.
    acc.add(
      res.frames,
      truth.map((q) => {
        const rel = Float64Array.from(q);
        for (const n of RELATIVE) rel[at(n)] -= standing[at(n)];
        return rel;
      }),
    );
  }
  return acc.result();
}
