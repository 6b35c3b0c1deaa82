/**
 * The neutral trial after its keypoints: steady keypoints → (augmenter) → scaling with marker placement → IK
 * of the neutral itself on the scaled model → quality figures and warnings. Shared by the CLI and the worker.
 */
import {
  motionFromFrames,
  ScalingError,
  scaleModel,
  solveIK,
  StillPeriodError,
  BUILTIN_MEASUREMENTS,
  type IKResult,
  type MarkerTrajectories,
  type Motion,
  type ScaleResult,
  type ScalingSetup,
} from '@poselab/biomech';
import type { KeypointProcessingResult } from '../keypoints3d/process';
import { perCameraNumbers, qualityFigures, type CameraRef, type QualityFigures } from '../quality/figures';
import { checkQuality, QualityError } from '../quality/limits';
import { processingWarning, type ProcessingWarning } from '../quality/warnings';
import { KinematicsError } from './errors';
import { dropUnsteadyMarkers, markersOf } from './markers';
import { keypointIkOptions, keypointTrialModel, type KinematicsSetup } from './setup';

export interface NeutralInput {
  keypoints: KeypointProcessingResult;
  setup: KinematicsSetup;
  scalingSetup?: ScalingSetup;
  /** Per camera of the trial (input order): how users know it. */
  cameras: readonly CameraRef[];
  /**
   * The keypoint stage run again without one camera (processKeypoints with `excludeCameras`): scaling is
   * retried once without the camera whose detections of the failing body part are worst (one bad camera must
   * not fail a neutral seen by three).
   */
  withoutCamera?: (exclude: { camera: number; warning: ProcessingWarning }) => KeypointProcessingResult;
}

export interface NeutralResult {
  /** The keypoint stage the model was scaled on (without a camera when the retry needed that). */
  keypoints: KeypointProcessingResult;
  /** What the model was scaled on: the keypoints, or the augmenter's markers. */
  markers: MarkerTrajectories;
  scale: ScaleResult;
  /** IK of the neutral trial on the scaled model (its neutral angles). */
  ik: IKResult;
  motion: Motion;
  /** Keypoints left out of scaling as too unsteady. */
  unsteady: string[];
  quality: QualityFigures;
  warnings: ProcessingWarning[];
}

/** Keypoints a scaling measurement (thigh_r, torso, ...) is measured between. */
function keypointsOf(segments: readonly string[]): string[] {
  return [
    ...new Set(
      BUILTIN_MEASUREMENTS.filter((m) => segments.includes(m.name)).flatMap((m) => m.markerPairs.flat()),
    ),
  ];
}

/** The camera (input index) whose detections of these keypoints are furthest from the 3D, and by how much. */
function worstCameraFor(
  kp: KeypointProcessingResult,
  keypoints: readonly string[],
): { camera: number; px: number } | null {
  const ks = keypoints.map((n) => kp.reprojection.names.indexOf(n)).filter((k) => k >= 0);
  let best: { camera: number; px: number } | null = null;
  kp.cameras.forEach((camera, j) => {
    const values = ks.map((k) => kp.reprojection.perCameraKeypointPx[j]?.[k]).filter(Number.isFinite);
    if (values.length === 0) return;
    const px = values.reduce((a, b) => a + b, 0) / values.length;
    if (!best || px > best.px) best = { camera, px };
  });
  return best;
}

function bodyPart(names: readonly string[]): string {
  return names.map((n) => n.replace(/_/g, ' ')).join(', ');
}

async function scaleOn(input: NeutralInput, kp: KeypointProcessingResult) {
  const markers = markersOf(kp.keypoints);
  // Keypoints that jump by centimetres from frame to frame while the subject stands still are detection
  // failures (occlusion, camera subsets flipping): the built-in model is scaled on the steady ones and the user
  // is told. The augmenter needs every keypoint, so with it the keypoints go in as they are.
  const steady = input.setup.augment
    ? { data: markers, dropped: [] as string[] }
    : dropUnsteadyMarkers(markers, 15, { maxStillMm: 15, stillWindowSec: 0.1 });
  const modelMarkers = input.setup.augment ? await input.setup.augment(steady.data) : steady.data;
  const scale = scaleModel(input.setup.generic, modelMarkers, {
    ...input.setup.scaleOptions,
    setup: input.scalingSetup ?? 'upright_standing_pose',
  });
  return { modelMarkers, scale, dropped: steady.dropped };
}

/** What the user is told when scaling fails, naming the body part and the camera that saw it worst. */
function scalingFailure(
  err: unknown,
  kp: KeypointProcessingResult,
  cameras: readonly CameraRef[],
): KinematicsError {
  const msg = (err as Error).message;
  const detail = (err as Error).stack ?? msg;
  const keypoints =
    err instanceof StillPeriodError
      ? [err.marker]
      : err instanceof ScalingError
        ? keypointsOf(err.segments)
        : [];
  const worst = keypoints.length ? worstCameraFor(kp, keypoints) : null;
  const where = worst
    ? ` ${cameras[worst.camera].camera} saw the ${bodyPart(keypoints)} worst (${worst.px.toFixed(0)} px from the other cameras' reconstruction): check that camera's view of the subject.`
    : '';
  if (err instanceof StillPeriodError || /still period|fewer than 2 frames/i.test(msg))
    return new KinematicsError(
      'no_static_phase',
      `No static phase found in the neutral pose recording. ${msg}${where}`,
      detail,
    );
  return new KinematicsError(
    'scaling_failed',
    `The model could not be scaled to the subject: ${msg}${where}`,
    detail,
  );
}

export async function neutralKinematics(input: NeutralInput): Promise<NeutralResult> {
  let kp = input.keypoints;
  const warnings: ProcessingWarning[] = [...input.setup.warnings];
  let scaled: Awaited<ReturnType<typeof scaleOn>>;
  try {
    scaled = await scaleOn(input, kp);
  } catch (err) {
    const first = scalingFailure(err, kp, input.cameras);
    const keypoints =
      err instanceof StillPeriodError
        ? [err.marker]
        : err instanceof ScalingError
          ? keypointsOf(err.segments)
          : [];
    const worst = keypoints.length ? worstCameraFor(kp, keypoints) : null;
    if (!input.withoutCamera || !worst || kp.cameras.length < 3) throw first;
    try {
      kp = input.withoutCamera({
        camera: worst.camera,
        warning: processingWarning('camera_bad_for_scaling', {
          camera: worst.camera + 1,
          body_part: bodyPart(keypoints),
        }),
      });
      scaled = await scaleOn(input, kp);
    } catch {
      throw first;
    }
  }
  const { modelMarkers, scale, dropped } = scaled;
  const ikModel = input.setup.augment ? scale.model : keypointTrialModel(scale.model).model;
  const ikOptions = input.setup.augment ? { smoothing: 0.005 } : keypointIkOptions(ikModel);
  const weights = input.setup.augment ? input.setup.scaleOptions.weights : ikOptions.weights;
  const ik = solveIK(ikModel, modelMarkers, { ...ikOptions, weights });
  const motion = motionFromFrames(ikModel, ik.time, ik.frames);
  const quality = qualityFigures({
    kp,
    cameras: input.cameras,
    fit: { model: ikModel, ik, markers: modelMarkers, weights },
  });
  // Keypoints the fit does not use (the head on the built-in model) are not worth a warning.
  const scaleWeights = input.setup.scaleOptions.weights;
  const reported = dropped.filter((n) => !scaleWeights || (scaleWeights[n] ?? 0) > 0);
  if (reported.length)
    warnings.push(processingWarning('keypoints_unsteady', { keypoints: reported.join(', ') }));
  warnings.push(...kp.warnings);
  try {
    warnings.push(...checkQuality('neutral', quality, perCameraNumbers(kp)));
  } catch (err) {
    if (err instanceof QualityError) throw new KinematicsError(err.code, err.message, err.detail);
    throw err;
  }
  return { keypoints: kp, markers: modelMarkers, scale, ik, motion, unsteady: dropped, quality, warnings };
}
