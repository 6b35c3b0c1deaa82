import type { DashboardLayout } from '@poselab/contract';

/**
 * Each function's dashboard layout (contract dashboardLayout): widgets in columns, naming the result keys they
 * show. Titles are left to the widgets (translated there); keys are checked against the function's declared
 * keys at start (registry.ts).
 */
const GAIT_BARS = [
  'stride_length',
  'step_length',
  'step_length_symmetry',
  'cadence',
  'step_width',
  'double_support',
  'single_support',
  'stance_time',
  'swing_time',
];
const GAIT_PEAKS = [
  'peak_hip_flexion_gait',
  'peak_hip_extension_gait',
  'peak_knee_flexion_swing',
  'peak_ankle_dorsiflexion_gait',
  'peak_ankle_plantarflexion_gait',
];
const SAGITTAL = [
  'hip_flexion_r',
  'hip_flexion_l',
  'knee_angle_r',
  'knee_angle_l',
  'ankle_angle_r',
  'ankle_angle_l',
];
const PELVIS_TRUNK = ['pelvis_tilt', 'pelvis_list', 'pelvis_rotation', 'lumbar_extension'];

function gaitLayout(treadmill: boolean): DashboardLayout {
  return {
    columns: [
      {
        width: 5,
        widgets: [
          { type: 'visualizer' },
          { type: 'metric_bars', keys: treadmill ? GAIT_BARS : ['gait_speed', ...GAIT_BARS] },
          { type: 'scalar_values' },
          { type: 'info_text' },
        ],
      },
      {
        width: 7,
        widgets: [
          { type: 'linear_chart', quantities: SAGITTAL, normalized: true },
          {
            type: 'linear_chart',
            quantities: [...PELVIS_TRUNK, 'hip_adduction_r', 'hip_adduction_l'],
            normalized: true,
          },
          { type: 'metric_bars', keys: GAIT_PEAKS },
          { type: 'amplitudes' },
        ],
      },
    ],
  };
}

export const GAIT_LAYOUT = gaitLayout(false);
export const TREADMILL_GAIT_LAYOUT = gaitLayout(true);

export const SQUAT_LAYOUT: DashboardLayout = {
  columns: [
    {
      width: 5,
      widgets: [
        { type: 'visualizer' },
        { type: 'scalar_values' },
        {
          type: 'metric_bars',
          keys: [
            'squat_depth',
            'peak_knee_flexion',
            'peak_hip_flexion',
            'peak_ankle_dorsiflexion',
            'max_trunk_flexion',
            'max_trunk_lean',
            'knee_frontal_angle',
          ],
        },
        { type: 'info_text' },
      ],
    },
    {
      width: 7,
      widgets: [
        { type: 'linear_chart', quantities: SAGITTAL, normalized: true },
        { type: 'linear_chart', quantities: ['pelvis_height', 'trunk_flexion', 'trunk_lean'] },
        { type: 'amplitudes' },
      ],
    },
  ],
};

function jumpLayout(drop: boolean): DashboardLayout {
  return {
    columns: [
      {
        width: 5,
        widgets: [
          { type: 'visualizer' },
          {
            type: 'metric_bars',
            keys: [
              'jump_height_flight',
              'jump_height_pelvis',
              'flight_time',
              ...(drop ? ['contact_time', 'reactive_strength_index'] : []),
              'landing_asymmetry',
            ],
          },
          { type: 'info_text' },
        ],
      },
      {
        width: 7,
        widgets: [
          { type: 'linear_chart', quantities: ['pelvis_height', 'knee_angle_r', 'knee_angle_l'] },
          {
            type: 'metric_bars',
            keys: [
              'peak_hip_flexion_landing',
              'peak_knee_flexion_landing',
              'peak_ankle_dorsiflexion_landing',
              'knee_frontal_angle_landing',
            ],
          },
        ],
      },
    ],
  };
}

export const DROP_JUMP_LAYOUT = jumpLayout(true);
export const COUNTER_MOVEMENT_JUMP_LAYOUT = jumpLayout(false);

export const SIT_TO_STAND_LAYOUT: DashboardLayout = {
  columns: [
    {
      width: 5,
      widgets: [
        { type: 'visualizer' },
        {
          type: 'metric_bars',
          keys: ['five_rep_time', 'sts_repetitions', 'rise_time', 'peak_trunk_flexion'],
        },
        { type: 'scalar_values' },
        { type: 'info_text' },
      ],
    },
    {
      width: 7,
      widgets: [
        { type: 'linear_chart', quantities: ['pelvis_height', 'trunk_flexion'] },
        {
          type: 'linear_chart',
          quantities: ['trunk_flexion', 'hip_flexion_r', 'knee_angle_r'],
          normalized: true,
        },
      ],
    },
  ],
};

export const BALANCE_LAYOUT: DashboardLayout = {
  columns: [
    {
      width: 5,
      widgets: [
        { type: 'visualizer' },
        {
          type: 'metric_bars',
          keys: [
            'single_leg_stance_time',
            'foot_touchdowns',
            'sway_path_length',
            'sway_area',
            'sway_velocity',
            'trunk_lean_balance',
          ],
        },
        { type: 'info_text' },
      ],
    },
    {
      width: 7,
      widgets: [
        { type: 'linear_chart', quantities: ['pelvis_sway_ap', 'pelvis_sway_ml', 'trunk_lean'] },
        { type: 'linear_chart', quantities: ['foot_height_r', 'foot_height_l'] },
      ],
    },
  ],
};
