/**
 * OpenCap marker augmenter v0.3 (LSTM; lower and upper body models): input keypoints and output anatomical
 * markers in the order the models were trained with (OpenCap's getOpenPoseMarkers_lowerExtremity2 and
 * getMarkers_upperExtremity_noPelvis2).
 */
export interface AugmenterPartSpec {
  part: 'lower' | 'upper';
  /** Input keypoints, OpenPose names. */
  features: string[];
  /** Output markers (the LaiUhlrich2022 '_study' marker set). */
  responses: string[];
}

export const AUGMENTER_V03: AugmenterPartSpec[] = [
  {
    part: 'lower',
    features: [
      'Neck',
      'RShoulder',
      'LShoulder',
      'RHip',
      'LHip',
      'RKnee',
      'LKnee',
      'RAnkle',
      'LAnkle',
      'RHeel',
      'LHeel',
      'RSmallToe',
      'LSmallToe',
      'RBigToe',
      'LBigToe',
    ],
    responses: [
      'r.ASIS_study',
      'L.ASIS_study',
      'r.PSIS_study',
      'L.PSIS_study',
      'r_knee_study',
      'r_mknee_study',
      'r_ankle_study',
      'r_mankle_study',
      'r_toe_study',
      'r_5meta_study',
      'r_calc_study',
      'L_knee_study',
      'L_mknee_study',
      'L_ankle_study',
      'L_mankle_study',
      'L_toe_study',
      'L_calc_study',
      'L_5meta_study',
      'r_shoulder_study',
      'L_shoulder_study',
      'C7_study',
      'r_thigh1_study',
      'r_thigh2_study',
      'r_thigh3_study',
      'L_thigh1_study',
      'L_thigh2_study',
      'L_thigh3_study',
      'r_sh1_study',
      'r_sh2_study',
      'r_sh3_study',
      'L_sh1_study',
      'L_sh2_study',
      'L_sh3_study',
      'RHJC_study',
      'LHJC_study',
    ],
  },
  {
    part: 'upper',
    features: ['Neck', 'RShoulder', 'LShoulder', 'RElbow', 'LElbow', 'RWrist', 'LWrist'],
    responses: [
      'r_lelbow_study',
      'r_melbow_study',
      'r_lwrist_study',
      'r_mwrist_study',
      'L_lelbow_study',
      'L_melbow_study',
      'L_lwrist_study',
      'L_mwrist_study',
    ],
  },
];

/** The augmenter normalises positions relative to this keypoint (metadata.json reference_marker). */
export const AUGMENTER_REFERENCE = 'midHip';

/** Our keypoint names → OpenPose names used by the augmenter and LaiUhlrich2022_markers_openpose.xml. */
export const KEYPOINT_TO_OPENPOSE: Record<string, string> = {
  neck: 'Neck',
  r_shoulder: 'RShoulder',
  l_shoulder: 'LShoulder',
  r_elbow: 'RElbow',
  l_elbow: 'LElbow',
  r_wrist: 'RWrist',
  l_wrist: 'LWrist',
  r_hip: 'RHip',
  l_hip: 'LHip',
  midhip: 'midHip',
  r_knee: 'RKnee',
  l_knee: 'LKnee',
  r_ankle: 'RAnkle',
  l_ankle: 'LAnkle',
  r_heel: 'RHeel',
  l_heel: 'LHeel',
  r_big_toe: 'RBigToe',
  l_big_toe: 'LBigToe',
  r_small_toe: 'RSmallToe',
  l_small_toe: 'LSmallToe',
};
