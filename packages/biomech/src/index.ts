export * from './model/types';
export type { OsimFunction } from './model/functions';
export { evalFunction, evalDerivative } from './model/functions';
export type { Vec3, Transform } from './math/transform';
export { readOsim } from './osim/read-osim';
export { forwardKinematics, markerPositions, coordinateVector, type BodyPose } from './kinematics/forward';
export { readMot, writeMot, motionFromFrames, framesFromMotion, type Motion } from './io/mot';
export { visualizerTransforms, type VisualizerTransforms, type VisualizerBody } from './io/visualizer';
export { compareVisualizerTransforms, type VisualizerComparison } from './testing/compare-visualizer';
export {
  solveIK,
  type IKOptions,
  type IKResult,
  type MarkerTrajectories,
  type CoordinateTarget,
} from './ik/solve-ik';
export { normaliseTurns } from './ik/turns';
export { writeOsim } from './osim/write-osim';
export { KEYPOINT_NAMES, OPTIONAL_KEYPOINT_NAMES, type KeypointName } from './keypoints';
export { loadBuiltinModel, BUILTIN_MODEL_URL } from './builtin/load-builtin';
export { BUILTIN_MODEL_NAME } from './builtin/build-builtin-model';
export {
  scaleModel,
  withDefaultPose,
  ScalingError,
  type ScaleOptions,
  type ScaleResult,
  type ScalingSetup,
} from './scale/scale-model';
export { markerDistances } from './scale/marker-distances';
export { applyScaleFactors, type ScaleFactors } from './scale/apply-scale';
export {
  findStaticWindow,
  markerMovementsMm,
  StillPeriodError,
  type StaticWindow,
  type StaticWindowOptions,
} from './scale/static-window';
export {
  BUILTIN_MEASUREMENTS,
  UPRIGHT_POSE_TARGETS,
  UPRIGHT_POSE_WEIGHT,
  type SegmentMeasurement,
} from './scale/measurements';
export { writeTrc, readTrc, type TrcOptions } from './io/trc';
export {
  readMarkerSet,
  withMarkers,
  readIKSetup,
  readScaleSetup,
  type TaskSet,
  type ScaleSetup,
} from './osim/read-setup';
export { readNpy, type NpyArray } from './augmenter/npy';
export {
  AUGMENTER_V03,
  KEYPOINT_TO_OPENPOSE,
  AUGMENTER_REFERENCE,
  type AugmenterPartSpec,
} from './augmenter/spec';
export { augmenterInputs, augmenterOutputs, referencePoints, type Subject } from './augmenter/features';
export {
  loadAugmenter,
  runAugmenter,
  listAugmenters,
  type Augmenter,
  type LoadedAugmenterPart,
} from './augmenter/run-augmenter';
export {
  listModels,
  loadModel,
  SHIPPED_MODELS_DIR,
  DEFAULT_OPENSIM_MODEL,
  DEFAULT_AUGMENTER,
  AUGMENTER_CHOICES,
  type ModelEntry,
  type ModelCatalogue,
} from './models/list-models';
export { builtinGeometryShapes, type GeometryShape } from './builtin/geometry-shapes';
export { REFERENCE_HEIGHT as BUILTIN_REFERENCE_HEIGHT } from './builtin/anthropometry';
