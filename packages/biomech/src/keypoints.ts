/**
 * The pipeline's keypoint set. The built-in model carries a virtual marker for each name, so IK can run
 * directly on triangulated keypoints. The first 20 are required; the head points are optional.
 */
export const KEYPOINT_NAMES = [
  'neck',
  'r_shoulder',
  'l_shoulder',
  'r_elbow',
  'l_elbow',
  'r_wrist',
  'l_wrist',
  'r_hip',
  'l_hip',
  'midhip',
  'r_knee',
  'l_knee',
  'r_ankle',
  'l_ankle',
  'r_heel',
  'l_heel',
  'r_big_toe',
  'l_big_toe',
  'r_small_toe',
  'l_small_toe',
] as const;

export const OPTIONAL_KEYPOINT_NAMES = ['nose', 'r_eye', 'l_eye', 'r_ear', 'l_ear'] as const;

export type KeypointName = (typeof KEYPOINT_NAMES)[number] | (typeof OPTIONAL_KEYPOINT_NAMES)[number];
