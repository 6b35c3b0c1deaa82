/** Marker-pair measurements that set each body's scale for the built-in model, and the neutral-pose targets. */
export interface SegmentMeasurement {
  name: string;
  /** Bodies that take this measurement's (uniform) scale factor. */
  bodies: string[];
  markerPairs: [string, string][];
  /** Axes each body takes the factor on (default all three), as OpenSim's BodyScale axes. */
  bodyAxes?: Record<string, ('X' | 'Y' | 'Z')[]>;
  /**
   * Instead of marker pairs: the mean of these measurements' factors (a segment no keypoint pair measures
   * reliably takes the subject's overall size).
   */
  meanOf?: string[];
  /**
   * A measurement that scales no body (`bodies` empty) but checks another one's: its factor is what that
   * measurement's bodies would need to match these marker pairs (for the plausibility checks only).
   */
  checks?: string;
}

const sides = ['r', 'l'] as const;

export const BUILTIN_MEASUREMENTS: SegmentMeasurement[] = [
  // A detector's hip keypoints sit on the side of the pelvis, a centimetre or two out either way from subject
  // to subject: their distance (~0.2 m) says less about the pelvis than the subject's size does (in bench:ik's
  // detector-like case a 1.5 cm lateral offset each side made a 14% wider pelvis, and moved its hip joints and
  // lumbar joint with it). The pelvis takes the trunk's and the legs' factor.
  {
    name: 'pelvis',
    bodies: ['pelvis'],
    markerPairs: [],
    meanOf: ['torso_height', 'thigh_r', 'thigh_l', 'shank_r', 'shank_l'],
  },
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
    // The femur's length runs from the hip joint centre, which no keypoint marks (the hip keypoint's offset from
    // it varies by centimetres between subjects, and a femur 2.5 cm too long put every knee joint below its
    // keypoint and cost 3-6° of hip flexion in squats): the thigh takes the shank's factor, i.e. the generic
    // thigh/shank proportion (adults' ratio varies by about 3%).
    { name: `thigh_${s}`, bodies: [`femur_${s}`], markerPairs: [], meanOf: [`shank_${s}`] },
    // Measured all the same, for the plausibility checks (a keypoint swap shows here first).
    {
      name: `thigh_keypoints_${s}`,
      bodies: [],
      markerPairs: [[`${s}_hip`, `${s}_knee`]],
      checks: `thigh_${s}`,
    },
    { name: `shank_${s}`, bodies: [`tibia_${s}`], markerPairs: [[`${s}_knee`, `${s}_ankle`]] },
    // Heel to toe tip; the small toe is derived from them (and the hip line) by the pipeline, not measured.
    {
      name: `foot_${s}`,
      bodies: [`talus_${s}`, `calcn_${s}`, `toes_${s}`],
      markerPairs: [[`${s}_heel`, `${s}_big_toe`]],
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
 * The 'upright_standing_pose' assumption for the built-in model (radians): a subject standing upright with the
 * feet flat holds hip flexion, the knees, ankles, feet and back at 0 (the built-in model's zero pose stands
 * upright, foot flat; OpenCap's setup targets 5° at the ankle for LaiUhlrich2022, whose zero pose differs), with
 * the pelvis level and untilted. Hip adduction and rotation (the stance width and the feet's turn-out; OpenCap
 * does not target hip rotation either), the heading and the arms are left to the data. Keypoint detectors do not
 * see joint centres (a hip keypoint is centimetres off the hip joint centre, BlazePose's toe is the tip of the
 * foot), so the pose they suggest is biased by their offsets; scaling therefore poses the model as assumed and
 * places each keypoint marker where the detector put it (see scaleModel).
 */
export const UPRIGHT_POSE_TARGETS: Record<string, number> = {
  // Standing on both feet the pelvis is level and, by the model's definition of its zero pose, untilted: the
  // keypoints see neither (the hip keypoints lie on the hip axis; a detector's shoulder a centimetre behind
  // the model's would otherwise read as a tilted pelvis and offset every hip and lumbar angle of the trials).
  pelvis_tilt: 0,
  pelvis_list: 0,
  hip_flexion_r: 0,
  knee_angle_r: 0,
  ankle_angle_r: 0,
  subtalar_angle_r: 0,
  mtp_angle_r: 0,
  hip_flexion_l: 0,
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
