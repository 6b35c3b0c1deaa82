import type {
  AnalysisAmplitude,
  AnalysisMetric,
  AnalysisResult,
  AnalysisScalarValue,
  BilateralValue,
} from '@poselab/contract';
import { analysisText, catalogueEntry } from '../i18n';
import { bandFor } from './bands';
import { mean, sd } from './signal';

/** Rounds for storage (a few decimals more than shown), keeping nulls; NaN becomes null. */
export function stored(v: number | null | undefined, decimals = 4): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : Number(v.toFixed(decimals));
}

const label = (section: string, key: string) =>
  catalogueEntry('en', `${section}.${key}.label`) ?? key.replace(/_/g, ' ');

/** A metric with its English label and info from the catalogue and its reference band. */
export function metric(
  key: string,
  value: number | null | { left: number | null; right: number | null },
  units: string,
  decimals: number,
  heightM: number | null,
): AnalysisMetric {
  const bilateral = value !== null && typeof value === 'object';
  const v: number | BilateralValue | null = bilateral
    ? { left: stored(value.left), right: stored(value.right) }
    : stored(value as number | null);
  return {
    label: label('metrics', key),
    info: catalogueEntry('en', `metrics.${key}.info`) ?? '',
    value: v,
    bilateral,
    ...bandFor(key, heightM),
    units,
    decimals,
  };
}

/** Mean ± SD of per-repetition (or per-cycle) values. */
export function scalarValue(
  key: string,
  values: number[],
  units: string,
  decimals: number,
): AnalysisScalarValue {
  return {
    label: label('scalar_values', key),
    value: values.length ? stored(mean(values)) : null,
    sd: values.length ? stored(sd(values)) : null,
    units,
    decimals,
  };
}

/** A range: the mean of per-cycle minima and maxima, and the mean per-cycle range. */
export function amplitude(
  key: string,
  ranges: { min: number; max: number }[],
  units: string,
): AnalysisAmplitude {
  return {
    label: label('amplitudes', key),
    value: stored(mean(ranges.map((r) => r.max - r.min))) ?? 0,
    min: stored(mean(ranges.map((r) => r.min))) ?? 0,
    max: stored(mean(ranges.map((r) => r.max))) ?? 0,
    units,
  };
}

export function quantity(key: string, units: string) {
  return { label: label('quantities', key), units };
}

/** Fills the result's summary (English info_text plus its catalogue key and params in details). */
export function summary(key: string, params: Record<string, string | number>) {
  return {
    info_text: analysisText('en', `results.${key}`, params),
    summary: { key: `results.${key}`, params },
  };
}

export function roundSeries(values: ArrayLike<number>, decimals = 3): number[] {
  return Array.from(values, (v) => (Number.isFinite(v) ? Number(v.toFixed(decimals)) : 0));
}

export type ResultDraft = Omit<AnalysisResult, 'details'> & { details: Record<string, unknown> };
