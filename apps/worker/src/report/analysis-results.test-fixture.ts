import type { AnalysisMetric, AnalysisResult } from '@poselab/contract';

/**
 * Analysis results for tests of dashboards and reports, shaped like packages/analysis's: a gait result with
 * spatiotemporal metrics (3-colour bands, one bilateral), amplitudes, normalised curves (101 samples, mean and
 * SD) and a raw time series; a squat result with a leg type. Values vary with `speed` and `seed` so that
 * trials differ.
 */
const BANDS3 = ['#e57373', '#fff176', '#81c784'];
const BANDS5 = ['#e57373', '#fff176', '#81c784', '#fff176', '#e57373'];

const metric = (over: Partial<AnalysisMetric> & Pick<AnalysisMetric, 'label' | 'value' | 'units'>) => ({
  info: '',
  bilateral: typeof over.value === 'object' && over.value !== null,
  min_limit: null,
  max_limit: null,
  colors: BANDS3,
  decimals: 2,
  ...over,
});

const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_v, i) => f(i));

/** A smooth gait-like joint angle over a cycle (phase 0–1) from a few harmonics. */
function cycleCurve(kind: 'hip' | 'knee' | 'ankle', p: number, shift: number): number {
  const w = 2 * Math.PI * p;
  if (kind === 'hip') return 10 + 25 * Math.cos(w + shift);
  if (kind === 'knee') return 30 - 25 * Math.cos(2 * w + shift) + 20 * Math.sin(w + 0.6 + shift);
  return 2 + 10 * Math.sin(w * 1.5 + shift);
}

export interface GaitFixtureOptions {
  speed?: number;
  seed?: number;
  functionId?: string;
}

export function gaitResultFixture(o: GaitFixtureOptions = {}): AnalysisResult {
  const speed = o.speed ?? 1.25;
  const seed = o.seed ?? 0;
  const shift = seed * 0.07;
  const stride = speed * 1.05;
  const quantities = {
    hip_flexion_r: { label: 'Hip flexion right', units: '°' },
    knee_angle_r: { label: 'Knee flexion right', units: '°' },
    ankle_angle_r: { label: 'Ankle dorsiflexion right', units: '°' },
  };
  const kinds = { hip_flexion_r: 'hip', knee_angle_r: 'knee', ankle_angle_r: 'ankle' } as const;
  const mean: Record<string, number[]> = {};
  const std: Record<string, number[]> = {};
  const raw: Record<string, number[]> = { time: range(300, (i) => i / 60) };
  for (const [q, kind] of Object.entries(kinds)) {
    mean[q] = range(101, (i) => cycleCurve(kind, i / 100, shift));
    std[q] = range(101, (i) => 2 + 1.5 * Math.abs(Math.sin((i / 100) * Math.PI * 2 + seed)));
    raw[q] = raw.time.map((t) => cycleCurve(kind, (t * speed) / stride, shift));
  }
  return {
    function_id: o.functionId ?? 'gait',
    indices: { start: 0, end: 300 },
    x_axis: 'time',
    y_axis: Object.keys(quantities),
    y_axis_normalized: Object.keys(quantities),
    datasets: raw,
    datasets_normalized_mean: mean,
    datasets_normalized_std: std,
    quantities,
    metrics: {
      gait_speed: metric({
        label: 'Gait speed',
        value: speed,
        units: 'm/s',
        min_limit: 1.0,
        max_limit: 1.12,
        info: 'Walking speed over the detected cycles.',
      }),
      stride_length: metric({ label: 'Stride length', value: stride, units: 'm', min_limit: 0.81 }),
      step_length: metric({
        label: 'Step length',
        value: { left: stride / 2 - 0.02, right: stride / 2 + 0.01 + seed * 0.005 },
        units: 'm',
        min_limit: 0.4,
      }),
      step_length_symmetry: metric({
        label: 'Step length symmetry',
        value: 100 + seed,
        units: '%',
        decimals: 1,
        min_limit_2: 80,
        min_limit: 90,
        max_limit: 110,
        max_limit_2: 120,
        colors: BANDS5,
      }),
      cadence: metric({
        label: 'Cadence',
        value: 110 + seed,
        units: 'steps/min',
        decimals: 0,
        min_limit: 100,
      }),
      step_width: metric({
        label: 'Step width',
        value: 0.1,
        units: 'm',
        min_limit: 0.077,
        max_limit: 0.133,
        colors: ['#fff176', '#81c784', '#fff176'],
      }),
      double_support: metric({
        label: 'Double support',
        value: 28 + seed,
        units: '%',
        decimals: 1,
        max_limit: 35,
        colors: ['#81c784', '#81c784', '#fff176'],
      }),
    },
    amplitudes: {
      rom_knee_flexion_r: {
        label: 'Knee flexion right',
        value: 58 + seed,
        min: 2,
        max: 60 + seed,
        units: '°',
      },
      rom_hip_flexion_r: { label: 'Hip flexion right', value: 45, min: -12, max: 33, units: '°' },
    },
    scalar_values: {},
    info_text: 'Gait cycles were detected from heel strikes and toe offs; 4 cycles per side were used.',
    details: { cycles: 4 },
  };
}

/** A squat result whose repetitions are all of one type (packages/analysis squat: details.repetitions[].type). */
export function squatResultFixture(legType: 'double_leg' | 'single_leg_l' | 'single_leg_r'): AnalysisResult {
  const base = gaitResultFixture({ functionId: 'squat' });
  return {
    ...base,
    metrics: {},
    scalar_values: {
      squat_depth: { label: 'Squat depth', value: 32, sd: 2, units: 'cm', decimals: 1 },
      peak_knee_flexion_r: { label: 'Peak knee flexion right', value: 98, sd: 4, units: '°', decimals: 0 },
    },
    details: { types: { [legType]: 5 }, repetitions: Array.from({ length: 5 }, () => ({ type: legType })) },
  };
}
