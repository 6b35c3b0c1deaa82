import { z } from 'zod';
import { endpoint } from './endpoint';
import { MESSAGES } from './validation';

/**
 * Comparison reports (SPEC §7 'Analysis and reports', §4 'Comparison report'): a PDF comparing the results of
 * one analysis function over two or more trials, made by a 'report' job on the queue. States: none (find
 * answers 404) → pending → successfull | failed.
 */
export const REPORT_STATES = ['pending', 'successfull', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** SPEC §8 'Comparison report failure', word for word. */
export const REPORT_FAILURE_MESSAGE =
  'Whoops! We ran into some issues while generating your report. Try re-running the Advanced Analysis for each trial to fix things up, and single-leg trials cannot be compared with double-leg trials (squat, CMJ, DVJ).';

/** SPEC §5: a comparison needs at least 2 selected trials. */
export const REPORT_MIN_TRIALS = 2;
/** More trials than this would not fit a readable report. */
export const REPORT_MAX_TRIALS = 24;

const functionParams = z.object({ function: z.string().regex(/^[a-z0-9_-]{1,60}$/) });

export const reportTrialsBody = z.object({
  trial_ids: z
    .array(z.string().min(1).max(100))
    .min(REPORT_MIN_TRIALS, MESSAGES.comparisonNeedsTwo)
    .max(REPORT_MAX_TRIALS, MESSAGES.comparisonTooMany)
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.trialChosenOnce),
});

export const reportStatus = z.object({
  id: z.string(),
  state: z.enum(REPORT_STATES),
  /** Download URL of the PDF once the report succeeded. */
  media: z.string().nullable(),
  file_name: z.string(),
  /** SPEC's failure message when failed. */
  message: z.string().nullable(),
});
export type ReportStatus = z.infer<typeof reportStatus>;

export const reportDownloadEndpoint = endpoint({
  method: 'POST',
  path: '/analysis-functions/:function/report-download/',
  summary: 'Starts a comparison report of these trials (their results of this function) as a PDF job',
  tag: 'reports',
  auth: 'user',
  params: functionParams,
  body: reportTrialsBody,
  response: reportStatus,
});

export const findReportDownloadEndpoint = endpoint({
  method: 'POST',
  path: '/analysis-functions/:function/find-report-download/',
  summary: 'The comparison report of these trials: state and media (404 when none was made)',
  tag: 'reports',
  auth: 'user',
  params: functionParams,
  body: reportTrialsBody,
  response: reportStatus,
});

/** One trial of a report job, in the order chosen. */
export const reportJobTrial = z.object({
  trial_id: z.string(),
  name: z.string(),
  session_id: z.string(),
  session_name: z.string(),
  subject_name: z.string().nullable(),
  /** When the trial was recorded (ISO). */
  recorded_at: z.string(),
  /** The job input holding this trial's analysis result JSON. */
  input_id: z.string(),
});
export type ReportJobTrial = z.infer<typeof reportJobTrial>;

/** The payload of a 'report' job (checked by the worker's report processor). */
export const reportJobPayload = z.object({
  report_id: z.string(),
  function_id: z.string(),
  /** The function's title (English; the report translates it). */
  function_title: z.string(),
  language: z.enum(['en', 'de']),
  /** When the report was asked for (ISO); printed on the cover. */
  requested_at: z.string(),
  /** Who asked, printed on the cover. */
  author: z.string(),
  trials: z.array(reportJobTrial).min(REPORT_MIN_TRIALS).max(REPORT_MAX_TRIALS),
});
export type ReportJobPayload = z.infer<typeof reportJobPayload>;

/** The result tag under which a report job sends its PDF up. */
export const REPORT_RESULT_TAG = 'comparison-report';
