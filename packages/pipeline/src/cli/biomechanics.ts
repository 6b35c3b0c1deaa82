/**
 * Scaling and inverse kinematics of the keypoints on @poselab/biomech's built-in model: the neutral trial scales
 * the model, the movement trial is solved frame by frame. Pure: typed data in, typed data and texts out.
 */
import {
  loadBuiltinModel,
  motionFromFrames,
  scaleModel,
  solveIK,
  visualizerTransforms,
  writeMot,
  type IKResult,
  type ScaleResult,
  type VisualizerTransforms,
} from '@poselab/biomech';
import type { Keypoints3D } from '../keypoints3d/types';
import { toMarkerTrajectories } from '../keypoints3d/trc';

export interface BiomechanicsResult {
  scale: ScaleResult;
  ik: IKResult;
  /** .mot text (degrees). */
  mot: string;
  visualizer: VisualizerTransforms;
}

export function runBiomechanics(neutral: Keypoints3D, trial: Keypoints3D): BiomechanicsResult {
  const scale = scaleModel(loadBuiltinModel(), toMarkerTrajectories(neutral));
  const ik = solveIK(scale.model, toMarkerTrajectories(trial), { initial: scale.pose });
  const motion = motionFromFrames(scale.model, ik.time, ik.frames, true);
  return { scale, ik, mot: writeMot(motion), visualizer: visualizerTransforms(scale.model, motion) };
}
