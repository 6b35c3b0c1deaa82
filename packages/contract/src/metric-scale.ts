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
  // Without limits, positive values (times, counts) are drawn from zero, so the ticks compare their sizes;
  // otherwise the bar spans the limits and values with some room.
  if (cuts.every((c) => c === null) && lo >= 0 && hi > 0) {
    lo = 0;
    hi *= 1.15;
  } else {
    lo -= span * 0.15;
    hi += span * 0.15;
  }
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

/** A labelled number axis: its ends and the values where it is ticked and labelled. */
export interface MetricAxis {
  min: number;
  max: number;
  ticks: number[];
  /** Decimals the tick labels need. */
  decimals: number;
}

/** Whether a metric has a reference range (a limit): drawn as colour bands, else on a plain axis. */
export function hasReferenceRange(metric: AnalysisMetric): boolean {
  return [metric.min_limit, metric.max_limit, metric.min_limit_2, metric.max_limit_2].some(
    (v) => v !== null && v !== undefined && Number.isFinite(v),
  );
}

/** Smallest span an axis shows for these units, so a small left/right difference does not fill the axis. */
const MIN_SPAN: Record<string, number> = { '°': 20, '%': 20 };

/**
 * The axis a metric without a reference range is drawn on: from zero (or the lowest value, when negative) to
 * the highest value, at least MIN_SPAN wide for angles and percentages (signed values centred on zero),
 * rounded out to 1, 2 or 5 × 10ⁿ steps; counts (no decimals) step by whole numbers. Left and right share it.
 */
export function metricAxis(metric: AnalysisMetric, values: number[]): MetricAxis {
  const finite = values.filter(Number.isFinite);
  let lo = Math.min(0, ...finite);
  let hi = Math.max(0, ...finite);
  const minSpan = MIN_SPAN[metric.units] ?? 0;
  if (hi - lo < minSpan) {
    if (lo < 0 && hi > 0) {
      const half = Math.max(minSpan / 2, -lo, hi);
      lo = -half;
      hi = half;
    } else if (lo < 0) lo = hi - minSpan;
    else hi = lo + minSpan;
  }
  if (hi === lo) hi = lo + 1;
  const raw = (hi - lo) / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  let step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  if (metric.decimals === 0) step = Math.max(1, Math.round(step));
  const min = Math.floor(lo / step + 1e-9) * step;
  const max = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toFixed(10)));
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return { min, max, ticks, decimals };
}

/** The colour of the usual (healthy) band of a metric bar; the analyses' bands use it (analysis common/bands). */
export const USUAL_BAND_COLOR = '#388e3c';

/**
 * What a 3-band metric's reference range says in words: the usual band (`from`/`to` null where it is open) and,
 * where the band between the limits is not the usual one, that middle band as borderline. A range 'higher is
 * better' with limits 0.8 and 1.0 is 'at least 1.0, 0.8–1.0 borderline', not '0.8–1.0'. Null for metrics
 * without limits, 5-band metrics and bands without the usual colour.
 */
export function usualRegion(metric: AnalysisMetric): {
  from: number | null;
  to: number | null;
  borderline: { from: number; to: number } | null;
} | null {
  if (metric.colors.length !== 3 || !hasReferenceRange(metric)) return null;
  const lim = (v: number | null | undefined) =>
    v === null || v === undefined || !Number.isFinite(v) ? null : v;
  const min = lim(metric.min_limit);
  const max = lim(metric.max_limit);
  // Band i spans edges[i] to edges[i + 1]; an unset limit leaves its outer band empty.
  const edges = [null, min, max, null];
  const usual = metric.colors.map(
    (c, i) => c.toLowerCase() === USUAL_BAND_COLOR && (i !== 0 || min !== null) && (i !== 2 || max !== null),
  );
  const first = usual.indexOf(true);
  const last = usual.lastIndexOf(true);
  if (first < 0) return null;
  const from = edges[first];
  const to = edges[last + 1];
  const middleApart = !usual[1] && min !== null && max !== null;
  return { from, to, borderline: middleApart ? { from: min, to: max } : null };
}

/**
 * Where the L and R letters of a bilateral metric's ticks go: each on the outer side of its tick (the lower
 * value's before it, the higher's after it; L before and R after when equal or one is missing), so the two
 * letters never meet in the gap between close ticks. The report and the dashboard draw them alike.
 */
export function sideLetterBefore(value: { left: number | null; right: number | null }): {
  left: boolean;
  right: boolean;
} {
  const swapped = value.left !== null && value.right !== null && value.left > value.right;
  return { left: !swapped, right: swapped };
}
