import { z } from 'zod';
import { endpoint } from './endpoint';
import { session, sessionMeta } from './entities';
import { SESSION_PAGE_SIZE } from './constants';
import { ALPHA_DASH_CUSTOM, MESSAGES } from './validation';
import { whenMissing } from './field-messages';

/** SPEC §7 'Sessions' data-management calls (list, read, public flag, rename, trash, restore, remove). */

const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A session row of the lists: no trials, just their count; `name` is the subject's name. */
export const sessionSummary = z.object({
  id: z.string(),
  user: z.string(),
  subject_id: z.string().nullable(),
  name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  trials_count: z.number(),
  public: z.boolean(),
  trashed: z.boolean(),
  trashed_at: z.string().nullable(),
  meta: sessionMeta,
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const SESSION_SORTS = ['created_at', 'id', 'name', 'subject_name', 'trials_count'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

/** Form 1: a page of the signed-in user's sessions with the total. */
export const sessionPageQuery = z.object({
  start: z.number().int().min(0).default(0),
  quantity: z.number().int().min(1).max(1000).default(SESSION_PAGE_SIZE),
  include_trashed: boolish.default(false),
  only_trashed: boolish.optional(),
  sort: z.enum(SESSION_SORTS).default('created_at'),
  sort_desc: boolish.default(true),
  subject_id: z.string().max(100).optional(),
  /** Matches the session name or the session id (case-insensitive, partial). */
  search: z.string().max(200).optional(),
});
export type SessionPageQuery = z.input<typeof sessionPageQuery>;

/** Form 2: a subject's sessions with their trials (trial pickers of the charts and dashboards). */
export const subjectSessionsQuery = z.object({
  subject_id: z.string().max(100).nullable(),
  skip_no_trials: boolish,
  /** A public session to include for viewers who do not own it (shared dashboards). */
  public_session_id: z.string().max(100).optional(),
});
export type SubjectSessionsQuery = z.input<typeof subjectSessionsQuery>;

export const sessionPage = z.object({ sessions: z.array(sessionSummary), total: z.number() });
export type SessionPage = z.infer<typeof sessionPage>;

export const validSessionsEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/valid/',
  summary:
    "The user's sessions: a page with the total ({start, quantity, …}), or a subject's sessions with trials ({subject_id, skip_no_trials})",
  tag: 'sessions',
  auth: 'optionalUser',
  // Form 2 is tried first: it is the only one with skip_no_trials, which it requires.
  body: z.union([subjectSessionsQuery, sessionPageQuery]),
  response: z.union([sessionPage, z.array(session)]),
});

const idParams = z.object({ id: z.string().min(1).max(100) });

export const getSessionEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/',
  summary:
    'A session with its trials (owner, or anyone for a public session; trashed trials for the owner only)',
  tag: 'sessions',
  auth: 'optionalUser',
  params: idParams,
  response: session,
});

export const patchSessionEndpoint = endpoint({
  method: 'PATCH',
  path: '/sessions/:id/',
  summary: 'Makes a session public or private',
  tag: 'sessions',
  auth: 'user',
  params: idParams,
  body: z.object({ public: z.boolean() }),
  response: session,
});

export const sessionNameField = z
  .string({ error: whenMissing(MESSAGES.sessionNameRequired) })
  .trim()
  .min(1, MESSAGES.sessionNameRequired)
  .max(100, MESSAGES.sessionNameTooLong)
  .regex(ALPHA_DASH_CUSTOM, MESSAGES.alphaDashCustom);

export const renameSessionEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/rename/',
  summary: 'Renames a session (meta.sessionName)',
  tag: 'sessions',
  auth: 'user',
  params: idParams,
  body: z.object({ sessionNewName: sessionNameField }),
  response: sessionSummary,
});

export const trashSessionEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/trash/',
  summary: 'Moves a session to the recycle bin (removed for good after 30 days)',
  tag: 'sessions',
  auth: 'user',
  params: idParams,
  response: sessionSummary,
});

export const restoreSessionEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/restore/',
  summary: 'Restores a session from the recycle bin',
  tag: 'sessions',
  auth: 'user',
  params: idParams,
  response: sessionSummary,
});

export const removedResponse = z.object({ message: z.string() });

export const permanentRemoveSessionEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/permanent_remove/',
  summary: 'Deletes a session, its trials and media for good',
  tag: 'sessions',
  auth: 'user',
  params: idParams,
  response: removedResponse,
});

/** GET /comparison-reports/: the user's comparison reports for the Downloads list. */
export const comparisonReportItem = z.object({
  id: z.string(),
  state: z.string(),
  /** Download URL; null unless the report succeeded and its file exists. */
  media: z.string().nullable(),
  file_name: z.string(),
  created_at: z.string(),
});
export type ComparisonReportItem = z.infer<typeof comparisonReportItem>;

export const listComparisonReportsEndpoint = endpoint({
  method: 'GET',
  path: '/comparison-reports/',
  summary: "The user's comparison reports, newest first",
  tag: 'sessions',
  auth: 'user',
  response: z.array(comparisonReportItem),
});
