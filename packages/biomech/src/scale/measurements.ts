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
  {
    name: 'torso',
    bodies: ['torso'],
    markerPairs: [
      ['r_shoulder', 'l_shoulder'],
      ['midhip', 'neck'],
    ],
  },
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

/** Coordinate targets (radians) and weight added by the 'upright_standing_pose' scaling setup (as OpenCap's setup). */
export const UPRIGHT_POSE_TARGETS: Record<string, number> = {
  hip_flexion_r: 0,
  hip_rotation_r: 0,
  knee_angle_r: 0,
  ankle_angle_r: (5 * Math.PI) / 180,
  hip_flexion_l: 0,
  hip_rotation_l: 0,
  knee_angle_l: 0,
  ankle_angle_l: (5 * Math.PI) / 180,
  lumbar_extension: 0,
  lumbar_bending: 0,
  lumbar_rotation: 0,
};
export const UPRIGHT_POSE_WEIGHT = 0.1;
