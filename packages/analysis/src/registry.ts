import { DASHBOARD_WIDGET_TYPES, dashboardLayout, type DashboardLayout } from '@poselab/contract';
import { ANALYSIS_LANGUAGES, analysisText, catalogueEntry } from './i18n';
import {
  BALANCE_LAYOUT,
  COUNTER_MOVEMENT_JUMP_LAYOUT,
  DROP_JUMP_LAYOUT,
  GAIT_LAYOUT,
  SIT_TO_STAND_LAYOUT,
  SQUAT_LAYOUT,
  TREADMILL_GAIT_LAYOUT,
} from './layouts';

/**
 * The analysis functions: what each is (id; title, description and info from the catalogue), what its results
 * hold (declared keys) and how its dashboard looks. Browser-safe: the computations live in functions/ and are
 * joined to these by id in index.ts. `validateAnalysisRegistry` runs at server start.
 */
export interface AnalysisResultKeys {
  metrics: readonly string[];
  amplitudes: readonly string[];
  scalar_values: readonly string[];
  /** Quantities of datasets / normalised datasets (besides 'time'). */
  quantities: readonly string[];
}

export interface AnalysisFunctionSpec {
  id: string;
  layout: DashboardLayout;
  keys: AnalysisResultKeys;
}

const SIDES = (keys: string[]) => keys.flatMap((k) => [`${k}_r`, `${k}_l`]);
const GAIT_CURVES = [
  ...SIDES(['hip_flexion', 'hip_adduction', 'knee_angle', 'ankle_angle']),
  'pelvis_tilt',
  'pelvis_list',
  'pelvis_rotation',
  'lumbar_extension',
];
const GAIT_AMPLITUDES = [
  ...SIDES(['rom_hip_flexion', 'rom_knee_flexion', 'rom_ankle_flexion', 'rom_hip_adduction']),
  'rom_pelvis_tilt',
  'rom_pelvis_list',
  'rom_pelvis_rotation',
];
const GAIT_METRICS = [
  'stride_length',
  'step_length',
  'step_length_symmetry',
  'cadence',
  'step_width',
  'stance_time',
  'swing_time',
  'double_support',
  'single_support',
  'peak_hip_flexion_gait',
  'peak_hip_extension_gait',
  'peak_knee_flexion_swing',
  'peak_ankle_dorsiflexion_gait',
  'peak_ankle_plantarflexion_gait',
];
const JUMP_METRICS = [
  'jump_height_flight',
  'jump_height_pelvis',
  'flight_time',
  'peak_hip_flexion_landing',
  'peak_knee_flexion_landing',
  'peak_ankle_dorsiflexion_landing',
  'knee_frontal_angle_landing',
  'landing_asymmetry',
];
const JUMP_CURVES = [...SIDES(['hip_flexion', 'knee_angle', 'ankle_angle']), 'pelvis_height'];

export const ANALYSIS_FUNCTION_SPECS: AnalysisFunctionSpec[] = [
  {
    id: 'gait',
    layout: GAIT_LAYOUT,
    keys: {
      metrics: ['gait_speed', ...GAIT_METRICS],
      amplitudes: GAIT_AMPLITUDES,
      scalar_values: ['stride_time', 'cycles_r', 'cycles_l'],
      quantities: GAIT_CURVES,
    },
  },
  {
    id: 'treadmill_gait',
    layout: TREADMILL_GAIT_LAYOUT,
    keys: {
      metrics: GAIT_METRICS,
      amplitudes: GAIT_AMPLITUDES,
      scalar_values: ['stride_time', 'cycles_r', 'cycles_l'],
      quantities: GAIT_CURVES,
    },
  },
  {
    id: 'squat',
    layout: SQUAT_LAYOUT,
    keys: {
      metrics: [
        'squat_depth',
        'peak_hip_flexion',
        'peak_knee_flexion',
        'peak_ankle_dorsiflexion',
        'max_trunk_flexion',
        'max_trunk_lean',
        'knee_frontal_angle',
      ],
      amplitudes: [
        ...SIDES(['rom_hip_flexion', 'rom_knee_flexion', 'rom_ankle_flexion']),
        'rom_trunk_flexion',
      ],
      scalar_values: [
        'repetitions',
        'squat_depth',
        'rep_duration',
        ...SIDES(['peak_hip_flexion', 'peak_knee_flexion', 'peak_ankle_dorsiflexion']),
        'max_trunk_flexion',
        'max_trunk_lean',
      ],
      quantities: [
        ...SIDES(['hip_flexion', 'knee_angle', 'ankle_angle']),
        'pelvis_height',
        'trunk_flexion',
        'trunk_lean',
      ],
    },
  },
  {
    id: 'drop_jump',
    layout: DROP_JUMP_LAYOUT,
    keys: {
      metrics: [...JUMP_METRICS, 'contact_time', 'reactive_strength_index'],
      amplitudes: [],
      scalar_values: [],
      quantities: JUMP_CURVES,
    },
  },
  {
    id: 'counter_movement_jump',
    layout: COUNTER_MOVEMENT_JUMP_LAYOUT,
    keys: { metrics: JUMP_METRICS, amplitudes: [], scalar_values: [], quantities: JUMP_CURVES },
  },
  {
    id: 'sit_to_stand',
    layout: SIT_TO_STAND_LAYOUT,
    keys: {
      metrics: ['five_rep_time', 'sts_repetitions', 'rise_time', 'peak_trunk_flexion'],
      amplitudes: [],
      scalar_values: ['repetitions', 'rep_duration', 'rise_time', 'peak_trunk_flexion'],
      quantities: [...SIDES(['hip_flexion', 'knee_angle']), 'pelvis_height', 'trunk_flexion'],
    },
  },
  {
    id: 'balance',
    layout: BALANCE_LAYOUT,
    keys: {
      metrics: [
        'single_leg_stance_time',
        'foot_touchdowns',
        'sway_path_length',
        'sway_area',
        'sway_velocity',
        'trunk_lean_balance',
      ],
      amplitudes: [],
      scalar_values: [],
      quantities: ['pelvis_sway_ap', 'pelvis_sway_ml', 'trunk_lean', 'foot_height_r', 'foot_height_l'],
    },
  },
];

export type AnalysisFunctionId = string;

export function analysisFunctionSpec(id: string): AnalysisFunctionSpec | undefined {
  return ANALYSIS_FUNCTION_SPECS.find((f) => f.id === id);
}

/** A function's title, description and info in a language (English fallback). */
export function analysisFunctionTexts(id: string, lang = 'en') {
  return {
    title: analysisText(lang, `functions.${id}.title`),
    description: analysisText(lang, `functions.${id}.description`),
    info: analysisText(lang, `functions.${id}.info`),
  };
}

const KEY_SECTIONS = {
  metric_bars: 'metrics',
  amplitudes: 'amplitudes',
  scalar_values: 'scalar_values',
} as const;

/**
 * Checks a registry the way the server does at start: every function has a unique id, a layout the contract
 * accepts (known widget types only), widgets naming only keys the function declares, and every text in every
 * catalogue language. Throws one error listing every problem.
 */
export function validateAnalysisRegistry(specs: readonly AnalysisFunctionSpec[]): void {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const spec of specs) {
    const where = `analysis function '${spec.id}'`;
    if (!/^[a-z][a-z0-9_]{1,59}$/.test(spec.id)) problems.push(`${where}: invalid id`);
    if (ids.has(spec.id)) problems.push(`${where}: duplicate id`);
    ids.add(spec.id);
    if (!spec.layout) {
      problems.push(`${where}: no dashboard layout`);
    } else {
      const parsed = dashboardLayout.safeParse(spec.layout);
      if (!parsed.success) {
        const unknown = spec.layout.columns
          ?.flatMap((c) => c.widgets ?? [])
          .map((w) => w.type)
          .filter((t) => !(DASHBOARD_WIDGET_TYPES as readonly string[]).includes(t));
        problems.push(
          `${where}: invalid dashboard layout${unknown?.length ? ` (unknown widget ${unknown.join(', ')})` : ''}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      } else {
        for (const w of parsed.data.columns.flatMap((c) => c.widgets)) {
          const section = KEY_SECTIONS[w.type as keyof typeof KEY_SECTIONS];
          const declared: readonly string[] = section ? spec.keys[section] : [];
          for (const k of w.keys ?? [])
            if (!declared.includes(k))
              problems.push(`${where}: widget ${w.type} names undeclared key '${k}'`);
          for (const q of w.quantities ?? [])
            if (!spec.keys.quantities.includes(q))
              problems.push(`${where}: linear_chart names undeclared quantity '${q}'`);
        }
      }
    }
    for (const lang of ANALYSIS_LANGUAGES) {
      const need = [
        ...['title', 'description', 'info'].map((f) => `functions.${spec.id}.${f}`),
        ...spec.keys.metrics.flatMap((k) => [`metrics.${k}.label`, `metrics.${k}.info`]),
        ...spec.keys.amplitudes.map((k) => `amplitudes.${k}.label`),
        ...spec.keys.scalar_values.map((k) => `scalar_values.${k}.label`),
        ...spec.keys.quantities.map((k) => `quantities.${k}.label`),
      ];
      for (const key of need)
        if (catalogueEntry(lang, key) === undefined)
          problems.push(`${where}: catalogue '${lang}' lacks ${key}`);
    }
  }
  if (problems.length) throw new Error(`Analysis registry is invalid:\n- ${problems.join('\n- ')}`);
}
