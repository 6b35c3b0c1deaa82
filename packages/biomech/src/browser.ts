/**
 * Browser-safe subset of @poselab/biomech (no node:fs, no onnxruntime): import from '@poselab/biomech/browser'
 * in the web app (keypoint names, model reading/FK, .mot/.trc parsing, the built-in model's mesh shapes).
 */
export * from './model/types';
export type { Vec3 } from './math/transform';
export { KEYPOINT_NAMES, OPTIONAL_KEYPOINT_NAMES, type KeypointName } from './keypoints';
export { readOsim } from './osim/read-osim';
export { forwardKinematics, markerPositions, type BodyPose } from './kinematics/forward';
export { readMot, writeMot, framesFromMotion, motionFromFrames, type Motion } from './io/mot';
export { readTrc, writeTrc } from './io/trc';
export { visualizerTransforms, type VisualizerTransforms, type VisualizerBody } from './io/visualizer';
export { builtinGeometryShapes, type GeometryShape } from './builtin/geometry-shapes';
export { BUILTIN_MODEL_NAME } from './builtin/build-builtin-model';
