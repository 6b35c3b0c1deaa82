import { z } from 'zod';

/**
 * The result of one analysis function on one trial (SPEC §3 'Analysis result per trial'), stored as the trial
 * result tagged `analysis_function_result:<function id>`. Written by packages/analysis, read by the Advanced
 * Analysis dialog, the analysis dashboard's widgets and the comparison report.
 *
 * Series are columnar: a record from quantity name to its samples, every array of one record equally long.
 */
export const ANALYSIS_RESULT_TAG_PREFIX = 'analysis_function_result:';
export function analysisResultTag(functionId: string): string {
  return `${ANALYSIS_RESULT_TAG_PREFIX}${functionId}`;
}

export const analysisSeries = z.record(z.string(), z.array(z.number()));
export type AnalysisSeries = z.infer<typeof analysisSeries>;

export const bilateralValue = z.object({ left: z.number().nullable(), right: z.number().nullable() });
export type BilateralValue = z.infer<typeof bilateralValue>;

/**
 * A metric shown as a bar split into colour bands. Three colours: bands below min_limit, between the limits,
 * above max_limit. Five colours: split at min_limit_2 < min_limit < max_limit < max_limit_2 (the outer limits
 * mark the far ends of the usual range). A bilateral metric carries a left and a right value.
 */
export const analysisMetric = z.object({
  label: z.string(),
  info: z.string(),
  value: z.union([z.number(), bilateralValue]).nullable(),
  bilateral: z.boolean(),
  min_limit: z.number().nullable(),
  max_limit: z.number().nullable(),
  min_limit_2: z.number().nullable().optional(),
  max_limit_2: z.number().nullable().optional(),
  colors: z.array(z.string()).refine((c) => c.length === 3 || c.length === 5, '3 or 5 colours'),
  units: z.string(),
  decimals: z.number().int().min(0).max(6),
});
export type AnalysisMetric = z.infer<typeof analysisMetric>;

/** A range such as a joint's range of motion: the value (max − min) with its ends. */
export const analysisAmplitude = z.object({
  label: z.string(),
  value: z.number(),
  min: z.number(),
  max: z.number(),
  units: z.string(),
});
export type AnalysisAmplitude = z.infer<typeof analysisAmplitude>;

/** A value with its spread over repetitions (squat depth ± SD …). */
export const analysisScalarValue = z.object({
  label: z.string(),
  value: z.number().nullable(),
  sd: z.number().nullable(),
  units: z.string(),
  decimals: z.number().int().min(0).max(6),
});
export type AnalysisScalarValue = z.infer<typeof analysisScalarValue>;

export const analysisQuantity = z.object({ label: z.string(), units: z.string() });

export const analysisResult = z.object({
  function_id: z.string(),
  /** The analysed frame range of the trial's kinematics (inclusive start, exclusive end). */
  indices: z.object({ start: z.number().int(), end: z.number().int() }),
  /** The key of the raw x quantity in `datasets` ('time', seconds). */
  x_axis: z.string(),
  /** The quantities of `datasets` drawn against x_axis. */
  y_axis: z.array(z.string()),
  /** The quantities of the normalised datasets (0–100 % of a cycle or repetition, 101 samples). */
  y_axis_normalized: z.array(z.string()),
  datasets: analysisSeries,
  datasets_normalized_mean: analysisSeries,
  datasets_normalized_std: analysisSeries,
  /** Label and units of every quantity named in y_axis / y_axis_normalized. */
  quantities: z.record(z.string(), analysisQuantity),
  metrics: z.record(z.string(), analysisMetric),
  amplitudes: z.record(z.string(), analysisAmplitude),
  scalar_values: z.record(z.string(), analysisScalarValue),
  info_text: z.string(),
  /** Function-specific facts (event frames, cycle or repetition count, leg type …). */
  details: z.record(z.string(), z.unknown()).default({}),
});
export type AnalysisResult = z.infer<typeof analysisResult>;
