/** Marker-pair measurements that set each body's scale for the built-in model, and the neutral-pose targets. */
export interface SegmentMeasurement {
  name: string;
  /** Bodies that take this measurement's (uniform) scale factor. */
  bodies: string[];
  markerPairs: [string, string][];
  /** Axes each body takes the factor on (default all three), as OpenSim's BodyScale axes. */
  bodyAxes?: Record<string, ('X' | 'Y' | 'Z')[]>;
}

const sides = ['r', 'l'] as const;

export const BUILTIN_MEASUREMENTS: SegmentMeasurement[] = [
  { name: 'pelvis', bodies: ['pelvis'], markerPairs: [['r_hip', 'l_hip']] },
  // The trunk's height and its width vary independently between people (and the detector's hips and shoulders
  // are not joint centres): its height scales Y, the shoulder width X and Z.
  {
    name: 'torso',
    bodies: ['torso'],
    markerPairs: [['r_shoulder', 'l_shoulder']],
    bodyAxes: { torso: ['X', 'Z'] },
  },
  { name: 'torso_height', bodies: ['torso'], markerPairs: [['midhip', 'neck']], bodyAxes: { torso: ['Y'] } },
  ...sides.flatMap((s): SegmentMeasurement[] => [
    { name: `thigh_${s}`, bodies: [`femur_${s}`], markerPairs: [[`${s}_hip`, `${s}_knee`]] },
    { name: `shank_${s}`, bodies: [`tibia_${s}`], markerPairs: [[`${s}_knee`, `${s}_ankle`]] },
    {
      name: `foot_${s}`,
      bodies: [`talus_${s}`, `calcn_${s}`, `toes_${s}`],
      markerPairs: [
        [`${s}_heel`, `${s}_big_toe`],
        [`${s}_heel`, `${s}_small_toe`],
      ],
    },
    { name: `upper_arm_${s}`, bodies: [`humerus_${s}`], markerPairs: [[`${s}_shoulder`, `${s}_elbow`]] },
    {
      name: `forearm_${s}`,
      bodies: [`ulna_${s}`, `radius_${s}`, `hand_${s}`],
      markerPairs: [[`${s}_elbow`, `${s}_wrist`]],
    },
  ]),
];

/**
 * The 'upright_standing_pose' assumption for the built-in model (radians): a subject standing upright with
 * the feet flat and pointing forward holds every joint of the legs and the back at 0 (the built-in model's
 * zero pose is standing upright, foot flat; OpenCap's setup targets 5° at the ankle for LaiUhlrich2022, whose
 * zero pose differs), and the pelvis level. Hip adduction (the stance width), the pelvis tilt and heading and the
 * arms are left to the data. Keypoint detectors do not
 * see joint centres (a hip keypoint is centimetres off the hip joint centre, BlazePose's toe is the tip of the
 * foot), so the pose they suggest is biased by their offsets; scaling therefore poses the model as assumed
 * and places each keypoint marker where the detector put it (see scaleModel).
 */
export const UPRIGHT_POSE_TARGETS: Record<string, number> = {
  // Standing on both feet the pelvis is level; a detector's hip keypoints a few millimetres apart in height
  // would otherwise tilt it sideways and shift that into both hip adductions.
  pelvis_list: 0,
  hip_flexion_r: 0,
  hip_rotation_r: 0,
  knee_angle_r: 0,
  ankle_angle_r: 0,
  subtalar_angle_r: 0,
  mtp_angle_r: 0,
  hip_flexion_l: 0,
  hip_rotation_l: 0,
  knee_angle_l: 0,
  ankle_angle_l: 0,
  subtalar_angle_l: 0,
  mtp_angle_l: 0,
  lumbar_extension: 0,
  lumbar_bending: 0,
  lumbar_rotation: 0,
};
/**
 * Weight of each upright target relative to squared metres of marker error: 1° off costs as much as a marker
 * 17 mm off, so the assumed pose holds against the detector's centimetre offsets (OpenCap weighs its targets
 * 0.1 against anatomical markers predicted by its augmenter).
 */
export const UPRIGHT_POSE_WEIGHT = 1;
