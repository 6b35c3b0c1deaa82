import { z } from 'zod';
import { dashboardLayout } from './analysis-dashboard';
import { endpoint } from './endpoint';
import { trial } from './entities';

/**
 * SPEC §7 analysis dashboard calls. A user has one dashboard per analysis function (made from the function's
 * layout the first time a result exists). Its data are the trials that have a result of that function, with
 * their sessions and subjects; who sees which trials follows the read rules: the owner sees their own, anyone
 * sees a public session's, and a subject id with its share token (SPEC §6) opens that subject's processed
 * trials. A wrong or revoked token answers 404, like a missing subject.
 */

const dashboardIdParams = z.object({ id: z.string().min(1).max(100) });

/** Read grants a viewer may bring (all optional): a subject's share token, or a public session. */
export const dashboardGrantQuery = z.object({
  subject_id: z.string().min(1).max(100).optional(),
  /** The subject's share token (needs subject_id). */
  share_token: z.string().min(1).max(200).optional(),
  /** A public session whose analysed trials a visitor may read (no token needed). */
  session_id: z.string().min(1).max(100).optional(),
});
export type DashboardGrantQuery = z.input<typeof dashboardGrantQuery>;

export const analysisDashboardSummary = z.object({
  id: z.string(),
  title: z.string(),
  /** The analysis function id (e.g. 'gait'). */
  function: z.string(),
});
export type AnalysisDashboardSummary = z.infer<typeof analysisDashboardSummary>;

export const analysisDashboard = analysisDashboardSummary.extend({ layout: dashboardLayout });
export type AnalysisDashboard = z.infer<typeof analysisDashboard>;

export const dashboardSession = z.object({
  id: z.string(),
  subject_id: z.string().nullable(),
  /** The session's name (meta.sessionName), empty when none was given. */
  name: z.string(),
  created_at: z.string(),
  public: z.boolean(),
  /** Whether the caller owns the session (drives Make sessions public). */
  is_owner: z.boolean(),
});
export type DashboardSession = z.infer<typeof dashboardSession>;

/** A trial with its results and media URLs; raw camera videos only for the owner. */
export const dashboardTrial = trial.extend({ session_id: z.string() });
export type DashboardTrial = z.infer<typeof dashboardTrial>;

export const dashboardSubject = z.object({
  id: z.string(),
  name: z.string(),
  /** The owner's copy of the share token (for the shareable URL); null for everyone else. */
  share_token: z.string().nullable(),
});
export type DashboardSubject = z.infer<typeof dashboardSubject>;

/** The dashboard function's result of one trial: the analysis result JSON (contract analysisResult) at media. */
export const dashboardResult = z.object({
  id: z.string(),
  trial_id: z.string(),
  tag: z.string(),
  media: z.string().nullable(),
  created_at: z.string(),
});
export type DashboardResult = z.infer<typeof dashboardResult>;

export const dashboardData = z.object({
  sessions: z.array(dashboardSession),
  trials: z.array(dashboardTrial),
  subjects: z.array(dashboardSubject),
  results: z.array(dashboardResult),
});
export type DashboardData = z.infer<typeof dashboardData>;

export const listAnalysisDashboardsEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-dashboards/',
  summary: "The user's analysis dashboards, by title",
  tag: 'analysis',
  auth: 'user',
  response: z.array(analysisDashboardSummary),
});

export const getAnalysisDashboardEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-dashboards/:id/',
  summary:
    'One analysis dashboard (title, function, layout); visitors bring a share token or a public session',
  tag: 'analysis',
  auth: 'optionalUser',
  params: dashboardIdParams,
  query: dashboardGrantQuery,
  response: analysisDashboard,
});

export const analysisDashboardDataEndpoint = endpoint({
  method: 'GET',
  path: '/analysis-dashboards/:id/data/',
  summary: "The dashboard's analysed trials with their sessions, subjects and results",
  tag: 'analysis',
  auth: 'optionalUser',
  params: dashboardIdParams,
  query: dashboardGrantQuery,
  response: dashboardData,
});

// ---------------------------------------------------------------------------------------------------------------
// Subject share tokens (SPEC §6).

export const renewShareTokenEndpoint = endpoint({
  method: 'POST',
  path: '/subjects/:id/renew_share_token/',
  summary: "Replaces the subject's share token: links with the old one stop working at once",
  tag: 'subjects',
  auth: 'user',
  params: dashboardIdParams,
  response: z.object({ id: z.string(), share_token: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------------
// The dashboard URL (SPEC §3 'Dashboard config entry').

/** One chosen trial of a dashboard URL's config. */
export const dashboardConfigEntry = z.object({
  trialId: z.string().max(100),
  subjectId: z.string().max(100).nullable().optional(),
  shareToken: z.string().max(200).nullable().optional(),
  sessionId: z.string().max(100).nullable().optional(),
  /** Time offset in seconds (step 0.01) of this trial in time charts. */
  offset: z.number().optional(),
});
export type DashboardConfigEntry = z.infer<typeof dashboardConfigEntry>;
