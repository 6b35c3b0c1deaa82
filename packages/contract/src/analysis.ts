import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Advanced analyses (SPEC §3 'Analysis function', §4 'Analysis per trial', §7 'Analysis and reports'): the
 * functions of packages/analysis run on a processed trial as 'analysis' jobs; each (trial, function) has one
 * task whose state the Advanced Analysis dialog polls. The result itself is a trial result tagged
 * `analysis_function_result:<function id>` (analysis-result.ts).
 */

/** SPEC §4: pending is shown as 'Calculating'; 'successfull' is SPEC's spelling. A trial without a task is 'Not run'. */
export const ANALYSIS_TASK_STATES = ['pending', 'successfull', 'failed'] as const;
export const analysisTaskState = z.enum(ANALYSIS_TASK_STATES);
export type AnalysisTaskState = z.infer<typeof analysisTaskState>;

/**
 * A message for the user with a stable code (the web renders `analysis-functions:errors.<code>` with params)
 * and its English text as the fallback.
 */
export const analysisMessage = z.object({
  code: z.string().min(1).max(80),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  message: z.string().max(1000),
});
export type AnalysisMessage = z.infer<typeof analysisMessage>;

/**
 * What a done analysis offers (SPEC: menu entries with label and result_tag): 'dashboard' opens the user's
 * dashboard of the function with the trial, 'result_json' downloads the result, 'metrics_csv' its metrics.
 * `id` is also the catalogue key `analysis-functions:menu.<id>`; `label` is the English fallback.
 */
export const ANALYSIS_MENU_ACTIONS = ['dashboard', 'result_json', 'metrics_csv'] as const;
export const analysisMenuEntry = z.object({
  id: z.enum(ANALYSIS_MENU_ACTIONS),
  label: z.string(),
  result_tag: z.string(),
});
export type AnalysisMenuEntry = z.infer<typeof analysisMenuEntry>;

/** One trial's state for one function (absent = Not run). */
export const analysisTrialState = z.object({
  task_id: z.string(),
  trial_id: z.string(),
  function_id: z.string(),
  state: analysisTaskState,
  /** Why it failed (failed only). */
  message: analysisMessage.nullable(),
  /** Entries of a successfull result; empty otherwise. */
  menu: z.array(analysisMenuEntry),
  dashboard_id: z.string().nullable(),
  /** The stored result (trial result id) of a successfull task. */
  result_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AnalysisTrialState = z.infer<typeof analysisTrialState>;

/**
 * SPEC §3 Analysis function. `title`, `description` and `info` are English; the web renders
 * `analysis-functions:functions.<id>.{title,description,info}` (packages/analysis catalogue) with them as fallback.
 */
export const analysisFunctionItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  info: z.string(),
  /** Trials with a pending (Calculating) task. */
  trials: z.array(z.string()),
  /** Per-trial states by trial id (trials readable by the caller, filtered by the query). */
  states: z.record(z.string(), analysisTrialState),
});
export type AnalysisFunctionItem = z.infer<typeof analysisFunctionItem>;

/** Narrows the states to one session's or one trial's (without either: the caller's own trials). */
const stateFilter = z.object({
  session_id: z.string().min(1).max(100).optional(),
  trial_id: z.string().min(1).max(100).optional(),
});

export const listAnalysisFunctionsEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-functions/',
  summary: 'The analysis functions, each with the per-trial states of the trials the caller may read',
  tag: 'analysis',
  auth: 'optionalUser',
  query: stateFilter,
  response: z.array(analysisFunctionItem),
});

export const analysisStatesEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-results/states/',
  summary: 'Per-trial analysis states of every function (trials the caller may read)',
  tag: 'analysis',
  auth: 'optionalUser',
  query: stateFilter,
  response: z.array(analysisTrialState),
});

export const pendingAnalysesEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-results/pending/',
  summary: "The caller's analyses still calculating",
  tag: 'analysis',
  auth: 'user',
  response: z.array(analysisTrialState),
});

const functionParams = z.object({ id: z.string().min(1).max(60) });

export const taskForTrialEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-functions/:id/task-for-trial/:trialId/',
  summary: "The task of a function's latest run on a trial (404 when it never ran)",
  tag: 'analysis',
  auth: 'optionalUser',
  params: z.object({ id: z.string().min(1).max(60), trialId: z.string().min(1).max(100) }),
  response: z.object({ task_id: z.string(), state: analysisTaskState }),
});

/** At most this many trials per invoke call. */
export const MAX_ANALYSIS_TRIALS_PER_CALL = 50;

export const invokeAnalysisEndpoint = endpoint({
  method: 'POST',
  path: '/analysis-functions/:id/invoke/',
  summary:
    "Runs a function on trials of the caller's session (done, not neutral or calibration); a trial already calculating keeps its task",
  tag: 'analysis',
  auth: 'user',
  params: functionParams,
  body: z.object({
    session_id: z.string().min(1).max(100),
    specific_trial_names: z.array(z.string().min(1).max(200)).min(1).max(MAX_ANALYSIS_TRIALS_PER_CALL),
  }),
  response: z.object({
    /** The task of the first trial named (SPEC: returns task_id). */
    task_id: z.string(),
    tasks: z.array(z.object({ trial_id: z.string(), trial_name: z.string(), task_id: z.string() })),
  }),
});

/** 200 once done; while pending the server answers 202 with `{ state: 'pending' }` (poll every 1 s). */
export const analysisResultStatus = z.object({
  state: analysisTaskState,
  menu: z.array(analysisMenuEntry),
  dashboard_id: z.string().nullable(),
  message: analysisMessage.nullable(),
  task_id: z.string(),
  trial_id: z.string(),
  function_id: z.string(),
  result_id: z.string().nullable(),
});
export type AnalysisResultStatus = z.infer<typeof analysisResultStatus>;

export const analysisResultEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-result/:taskId/',
  summary: "A task's outcome: 202 while calculating, 200 with state, menu and dashboard_id when done",
  tag: 'analysis',
  auth: 'optionalUser',
  params: z.object({ taskId: z.string().min(1).max(100) }),
  response: analysisResultStatus,
});

/**
 * The payload of an 'analysis' job (jobs.ts): which function, for which task. The server adds the subject at
 * claim time; inputs are the trial's IK motion (role 'ik_results') and the scaled model (role 'opensim_model',
 * absent when the session has none: the worker then uses the built-in model scaled to the subject's height).
 */
export const analysisJobPayload = z.object({
  function_id: z.string().min(1).max(60),
  task_id: z.string(),
  subject: z
    .object({
      height_m: z.number().nullable(),
      weight_kg: z.number().nullable(),
      sex: z.string().nullable(),
    })
    .optional(),
});
export type AnalysisJobPayload = z.infer<typeof analysisJobPayload>;

/** The result tag a worker uses for a coded failure record (meta: analysisMessage); never stored as a result. */
export const ANALYSIS_FAILURE_TAG = 'analysis-failure';
