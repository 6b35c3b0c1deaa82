/**
 * The PoseLab keypoint set (names from @poselab/biomech) and how each comes from BlazePose's 33 landmarks.
 * See packages/pipeline/README.md for where each is an approximation.
 */
import { KEYPOINT_NAMES, OPTIONAL_KEYPOINT_NAMES } from '@poselab/biomech';

type SmallToe = 'r_small_toe' | 'l_small_toe';
export type Keypoint2DName =
  Exclude<(typeof KEYPOINT_NAMES)[number], SmallToe> | (typeof OPTIONAL_KEYPOINT_NAMES)[number];

/** Keypoints measured in 2D: biomech's set without the small toes (BlazePose has none), plus the head points. */
export const KEYPOINTS_2D: readonly Keypoint2DName[] = [
  ...KEYPOINT_NAMES.filter((n): n is Exclude<typeof n, SmallToe> => !n.endsWith('_small_toe')),
  ...OPTIONAL_KEYPOINT_NAMES,
];

/** 3D keypoints: biomech's full set (small toes derived after triangulation) plus the optional head points. */
export const KEYPOINTS_3D: readonly string[] = [...KEYPOINT_NAMES, ...OPTIONAL_KEYPOINT_NAMES];

/** BlazePose landmark indices (MediaPipe Pose topology). */
export const BLAZEPOSE = {
  nose: 0,
  leftEye: 2,
  rightEye: 5,
  leftEar: 7,
  rightEar: 8,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
  leftHeel: 29,
  rightHeel: 30,
  leftFootIndex: 31,
  rightFootIndex: 32,
} as const;

/** Each keypoint is the mean of these BlazePose landmarks (one landmark: taken as is). */
export const KEYPOINT_SOURCES: Record<Keypoint2DName, number[]> = {
  // OpenPose's neck lies between the shoulders: mid-shoulder is the usual BlazePose substitute.
  neck: [BLAZEPOSE.leftShoulder, BLAZEPOSE.rightShoulder],
  r_shoulder: [BLAZEPOSE.rightShoulder],
  l_shoulder: [BLAZEPOSE.leftShoulder],
  r_elbow: [BLAZEPOSE.rightElbow],
  l_elbow: [BLAZEPOSE.leftElbow],
  r_wrist: [BLAZEPOSE.rightWrist],
  l_wrist: [BLAZEPOSE.leftWrist],
  r_hip: [BLAZEPOSE.rightHip],
  l_hip: [BLAZEPOSE.leftHip],
  midhip: [BLAZEPOSE.leftHip, BLAZEPOSE.rightHip],
  r_knee: [BLAZEPOSE.rightKnee],
  l_knee: [BLAZEPOSE.leftKnee],
  r_ankle: [BLAZEPOSE.rightAnkle],
  l_ankle: [BLAZEPOSE.leftAnkle],
  r_heel: [BLAZEPOSE.rightHeel],
  l_heel: [BLAZEPOSE.leftHeel],
  // BlazePose's "foot index" is the tip of the foot (between the 1st and 2nd toes): used as the big toe.
  r_big_toe: [BLAZEPOSE.rightFootIndex],
  l_big_toe: [BLAZEPOSE.leftFootIndex],
  nose: [BLAZEPOSE.nose],
  r_eye: [BLAZEPOSE.rightEye],
  l_eye: [BLAZEPOSE.leftEye],
  r_ear: [BLAZEPOSE.rightEar],
  l_ear: [BLAZEPOSE.leftEar],
};

export interface Landmark {
  x: number;
  y: number;
  /** Visibility/presence score in [0, 1]. */
  score: number;
}

/**
 * Maps one frame of BlazePose landmarks (pixels) to the keypoint set, writing x, y, confidence into `out`
 * at `offset`. A combined keypoint gets the lowest confidence of its sources.
 */
export function landmarksToKeypoints(
  landmarks: readonly Landmark[],
  out: Float64Array,
  offset: number,
): void {
  KEYPOINTS_2D.forEach((name, k) => {
    const sources = KEYPOINT_SOURCES[name];
    let x = 0;
    let y = 0;
    let conf = 1;
    for (const s of sources) {
      const l = landmarks[s];
      x += l.x;
      y += l.y;
      conf = Math.min(conf, l.score);
    }
    out[offset + k * 3] = x / sources.length;
    out[offset + k * 3 + 1] = y / sources.length;
    out[offset + k * 3 + 2] = conf;
  });
}
