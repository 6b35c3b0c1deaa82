import type { AnalysisMetric } from './analysis-result';

/**
 * How a metric bar is drawn, shared by the dashboard's scalar plot and the PDF report so both show the same
 * picture: the value range shown, and the colour bands split at the metric's limits (3 colours: below
 * min_limit, between, above max_limit; 5 colours: split at min_limit_2 < min_limit < max_limit < max_limit_2).
 */
export interface MetricBand {
  from: number;
  to: number;
  color: string;
}

export interface MetricScale {
  min: number;
  max: number;
  bands: MetricBand[];
}

/** The numbers a metric holds (one, or left and right), nulls left out. */
export function metricNumbers(value: AnalysisMetric['value']): number[] {
  if (value === null) return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [value] : [];
  return [value.left, value.right].filter((v): v is number => v !== null && Number.isFinite(v));
}

/** The bar's range and bands for a metric and the values of every trial shown on it. */
export function metricScale(metric: AnalysisMetric, values: number[]): MetricScale {
  const five = metric.colors.length === 5;
  const cuts = (
    five
      ? [metric.min_limit_2, metric.min_limit, metric.max_limit, metric.max_limit_2]
      : [metric.min_limit, metric.max_limit]
  ).map((v) => (v === undefined || v === null || !Number.isFinite(v) ? null : v));
  const known = [...cuts.filter((v): v is number => v !== null), ...values.filter(Number.isFinite)];
  let lo = known.length ? Math.min(...known) : 0;
  let hi = known.length ? Math.max(...known) : 1;
  const span = hi - lo || Math.max(Math.abs(hi), 1);
  lo -= span * 0.15;
  hi += span * 0.15;
  // An unset lower limit leaves the bands below it empty, an unset upper limit the bands above it.
  const lower = cuts.length / 2;
  const edges = [lo, ...cuts.map((c, i) => Math.min(hi, Math.max(lo, c ?? (i < lower ? lo : hi)))), hi];
  for (let i = 1; i < edges.length; i++) edges[i] = Math.max(edges[i], edges[i - 1]);
  const bands = metric.colors.map((color, i) => ({ from: edges[i], to: edges[i + 1], color }));
  return { min: lo, max: hi, bands: bands.filter((b) => b.to > b.from) };
}

/** Symmetry of a left/right pair as (right − left) / mean × 100 %; null when it cannot be told. */
export function asymmetryPercent(left: number | null, right: number | null): number | null {
  if (left === null || right === null) return null;
  const mean = (left + right) / 2;
  if (!Number.isFinite(mean) || Math.abs(mean) < 1e-9) return null;
  return ((right - left) / Math.abs(mean)) * 100;
}

/** Line colours of compared trials (charts and reports), cycled; dash patterns tell apart trials past 8. */
export const COMPARISON_COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#17becf',
  '#8c564b',
  '#e377c2',
] as const;

/** SPEC §9: dash patterns cycle through 7 (solid first). Lengths in line widths. */
export const COMPARISON_DASHES: readonly (readonly number[])[] = [
  [],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [4, 4],
  [10, 4],
  [1, 3],
];

export function comparisonColor(i: number): string {
  return COMPARISON_COLORS[i % COMPARISON_COLORS.length];
}

/** The dash of trial i: solid for the first 8 trials, then a new pattern for each further round of colours. */
export function comparisonDash(i: number): readonly number[] {
  return COMPARISON_DASHES[Math.floor(i / COMPARISON_COLORS.length) % COMPARISON_DASHES.length];
}
