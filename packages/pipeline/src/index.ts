export * from './camera/camera-model';
export * from './video/probe';
export * from './video/decode';
export { ffmpegPath, ffprobePath } from './video/ffmpeg-binaries';
export * from './calibration/import/qualisys';
export * from './calibration/import/toml';
export {
  parseToml,
  type TomlDocument,
  type TomlTable,
  type TomlValue,
} from './calibration/import/toml-subset';
export * from './calibration/types';
export * from './calibration/detect/checkerboard';
export * from './calibration/solve/intrinsics';
export { planarPoses, refinePose, reprojectionRms } from './calibration/solve/planar-pose';
export { worldFromBoard, cameraUpInBoard } from './calibration/solve/world-frame';
export * from './calibration/rig';
export * from './calibration/frames';
export * from './calibration/io/read-frames';
export { drawCalibrationImage, type CalibrationImageOptions } from './calibration/render/draw';
export { encodePng } from './calibration/render/png';
export {
  renderBoard,
  type RenderBoardOptions,
  type RenderedBoard,
} from './calibration/synthetic/render-board';
export { lookAt } from './calibration/synthetic/scene';
// Keypoints, sync, triangulation, filtering (see README "Keypoints, sync, triangulation").
export * from './pose/types';
export {
  KEYPOINTS_2D,
  KEYPOINTS_3D,
  KEYPOINT_SOURCES,
  BLAZEPOSE,
  landmarksToKeypoints,
  type Keypoint2DName,
  type Landmark,
} from './pose/keypoint-set';
export {
  createBlazePose,
  emptyStageTimes,
  type BlazePoseVariant,
  type BlazePoseEstimator,
  type BlazePoseOptions,
  type PoseRuntime,
  type StageTimes,
  type PoseEstimate,
} from './pose/blazepose';
export { createPoseWorkerPool, type PoseWorkerPool } from './pose/worker-pool';
export type { RoiBox } from './pose/worker-protocol';
export {
  detectKeypoints2D,
  detectRawPoses,
  rawPosesToKeypoints,
  type DetectOptions,
  type RawPoseTrack,
  type ProgressCallback,
} from './pose/detect-video';
export {
  selectPerson,
  type PersonSelectionOptions,
  type PersonSelectionResult,
} from './pose/person-selection';
export { synchronize, type SyncCamera, type SyncOptions, type SyncResult } from './sync/synchronize';
export { alignViews, type AlignedViews } from './sync/align';
export { delayedKeypoints } from './sync/delayed';
export { startTimesFromClocks } from './sync/clocks';
export {
  coarseAlign,
  COARSE_ALIGNMENT_FAILED,
  type CoarseAlignment,
  type CoarseAlignOptions,
  type CoarseInput,
  type TimeSignal,
} from './sync/coarse-offset';
export { readAudioEnvelope, readCoarseSignals, readMotionEnergy } from './video/signals';
export {
  triangulateKeypoints,
  type TriangulationOptions,
  type TriangulationStats,
  type TriangulationResult,
} from './triangulation/triangulate';
export {
  refineWithLimbLengths,
  limbKey,
  RIGID_LIMBS,
  type LimbRefineOptions,
  type LimbRefineResult,
} from './triangulation/limb-refine';
export {
  linearTriangulation,
  triangulateRobust,
  type PointObservation,
  type TriangulatedPoint,
} from './triangulation/triangulate-point';
export { fillGapsXyz } from './triangulation/gap-fill';
export { lowPassFilter, lowPassFilterXyz, butterworthLowPass2 } from './filter/butterworth';
export { resolveFilterFrequency, DEFAULT_FILTER_HZ, type ResolvedFilterFrequency } from './filter/frequency';
export * from './keypoints3d/types';
export { withDerivedKeypoints } from './keypoints3d/derived';
export { formatTrc } from './keypoints3d/trc';
export { segmentLengthStats, RIGID_SEGMENTS, type SegmentStats } from './keypoints3d/segments';
export {
  processKeypoints,
  type KeypointProcessingOptions,
  type KeypointProcessingResult,
} from './keypoints3d/process';
export {
  runTrialPipeline,
  type TrialPipelineInput,
  type TrialPipelineResult,
  type TrialProgress,
} from './cli/run-trial';
export {
  loadCalibration,
  importPoseLabCalibration,
  listVideos,
  matchVideosToCameras,
  readStartTimes,
  START_TIMES_FILE,
} from './cli/inputs';
export * from './calibration/profiles';
export * from './calibration/io/calibrate-recordings';
// Kinematics after the keypoints (scaling, IK), quality figures and coded warnings: shared by the CLI and the worker.
export * from './kinematics/index';
export { withDetectionCache } from './pose/detection-cache';
export { reprojectionStats, type ReprojectionStats } from './triangulation/reprojection-stats';
export { main as cliMain } from './cli/main';
// De-identification (see README "De-identification").
export {
  createBlurringFaceModel,
  deidentifyVideo,
  findFaceRegions,
  writeBlurredVideo,
  fitSize,
  DEIDENTIFY_DEFAULTS,
  type DeidentifyReport,
  type FaceRegionPlan,
  type FindFacesOptions,
  type WriteBlurredOptions,
} from './deidentify/deidentify-video';
export { blurRegions } from './deidentify/blur';
export {
  planFaceRegions,
  headBoxesFromKeypoints,
  padBox,
  DEFAULT_REGION_PLAN,
  type Region,
  type RegionPlanOptions,
} from './deidentify/regions';
export { createFaceModel, type FaceBox, type FaceModel, type FaceModelRange } from './deidentify/face-model';
export {
  scanFaces,
  tileGrid,
  nonMaxSuppression,
  type RgbImage,
  type ScanOptions,
} from './deidentify/face-scan';
