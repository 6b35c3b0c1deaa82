/**
 * A movement trial after its keypoints: (augmenter) → IK on the neutral's scaled model → whole turns
 * normalised → .mot motion, quality figures and warnings; beyond the hard limits a KinematicsError. Shared by
 * the CLI and the worker.
 */
import {
  KEYPOINT_TO_OPENPOSE,
  markerDistances,
  motionFromFrames,
  normaliseTurns,
  solveIK,
  type IKResult,
  type MarkerTrajectories,
  type Model,
  type Motion,
} from '@poselab/biomech';
import type { KeypointProcessingResult } from '../keypoints3d/process';
import { limbKey, RIGID_LIMBS, type LimbRefineOptions } from '../triangulation/limb-refine';
import { perCameraNumbers, qualityFigures, type CameraRef, type QualityFigures } from '../quality/figures';
import { checkQuality, QualityError } from '../quality/limits';
import type { ProcessingWarning } from '../quality/warnings';
import { KinematicsError } from './errors';
import { markersOf } from './markers';
import type { TrialModel } from './setup';

/**
 * The subject's limb lengths between keypoints at the neutral pose, read from the neutral's scaled model (its
 * keypoint markers were placed on the neutral data, its default pose is the neutral pose), by limbKey: the
 * movement trial's limb-length prior. On an OpenSim model the keypoint markers have OpenPose's names (placed
 * by scaling on the video keypoints beside the augmenter's markers).
 */
export function neutralLimbLengths(model: Model): Record<string, number> {
  // An OpenSim model carries the keypoints under OpenPose's names (LaiUhlrich2022_markers_openpose.xml).
  const names = new Set(model.markers.map((m) => m.name));
  const named = (k: string) => (names.has(k) ? k : (KEYPOINT_TO_OPENPOSE[k] ?? k));
  const lengths = markerDistances(
    model,
    RIGID_LIMBS.map(([a, b]) => [named(a), named(b)] as const),
  );
  return Object.fromEntries(
    RIGID_LIMBS.flatMap(([a, b], i) => (Number.isFinite(lengths[i]) ? [[limbKey(a, b), lengths[i]]] : [])),
  );
}

/**
 * How a movement trial's limbs are refined (limb-refine.ts) given the neutral's scaled model: held to the
 * neutral's lengths, left and right alike, with 8 mm of freedom (10 mm for a trial's own lengths): a still
 * neutral seen whole by every camera measures them better than a movement. On the demo's balancing trial this
 * brings the left/right thigh and shank differences from 13 and 18 mm (each side its own median) to 3.5 and
 * 2.7 mm, for 0.25 px more mean reprojection (9.94 → 10.19 px).
 */
export const NEUTRAL_LIMB_SD_M = 0.008;

export function trialLimbRefinement(model: Model): LimbRefineOptions {
  return { priorLengthsM: neutralLimbLengths(model), lengthSdM: NEUTRAL_LIMB_SD_M };
}

export interface TrialInput {
  keypoints: KeypointProcessingResult;
  trialModel: TrialModel;
  cameras: readonly CameraRef[];
}

export interface TrialResult {
  /** Marker data IK ran on (time 0 = the first synchronised frame). */
  markers: MarkerTrajectories;
  ik: IKResult;
  motion: Motion;
  quality: QualityFigures;
  warnings: ProcessingWarning[];
}

export async function trialKinematics(input: TrialInput): Promise<TrialResult> {
  const { model, augment, ik: ikOptions } = input.trialModel;
  const keypoints = markersOf(input.keypoints.keypoints);
  // The common clock starts where the synced videos start: time 0 of the results is frame 0 of every video-sync.
  const t0 = keypoints.time[0] ?? 0;
  keypoints.time = keypoints.time.map((t) => t - t0);
  const markers = augment ? await augment(keypoints) : keypoints;
  let ik: IKResult;
  try {
    ik = solveIK(model, markers, ikOptions);
  } catch (err) {
    throw new KinematicsError(
      'ik_failed',
      'Joint angles could not be computed for this trial: the scaled model and the keypoints do not match. Process the neutral pose of this session again, then this trial.',
      (err as Error).stack ?? String(err),
    );
  }
  normaliseTurns(model, ik.frames);
  const motion = motionFromFrames(model, ik.time, ik.frames);
  const quality = qualityFigures({
    kp: input.keypoints,
    cameras: input.cameras,
    fit: { model, ik, markers, weights: ikOptions.weights },
  });
  const warnings = [...input.keypoints.warnings];
  try {
    warnings.push(...checkQuality('trial', quality, perCameraNumbers(input.keypoints)));
  } catch (err) {
    if (err instanceof QualityError) throw new KinematicsError(err.code, err.message, err.detail);
    throw err;
  }
  return { markers, ik, motion, quality, warnings };
}
