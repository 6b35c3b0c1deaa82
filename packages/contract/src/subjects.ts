import { z } from 'zod';
import { endpoint } from './endpoint';
import { GENDER_OPTIONS, SEX_OPTIONS, subject } from './entities';
import { removedResponse } from './sessions';
import { itemTag } from './trials';

/** SPEC §7 'Subjects' calls. Weight is stored in kg and height in m; the web app converts imperial input. */

const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const SUBJECT_SORTS = ['name', 'weight', 'height', 'birth_year', 'created_at'] as const;

export const listSubjectsQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  /** -1 returns every subject. */
  quantity: z.coerce.number().int().min(-1).max(1000).default(20),
  search: z.string().max(200).optional(),
  /** Accepted for compatibility; the answer has the same shape either way. */
  simple: boolish.optional(),
  /** Puts this session's subject first in the answer, even when the page or search would leave it out. */
  session_id: z.string().max(100).optional(),
  include_trashed: boolish.default(false),
  sort: z.enum(SUBJECT_SORTS).default('name'),
  sort_desc: boolish.default(false),
});
export type ListSubjectsQuery = z.input<typeof listSubjectsQuery>;

export const subjectList = z.object({ subjects: z.array(subject), total: z.number() });
export type SubjectList = z.infer<typeof subjectList>;

export const listSubjectsEndpoint = endpoint({
  method: 'GET',
  path: '/subjects/',
  summary: "The user's subjects, paged (quantity -1 for all) with the total",
  tag: 'subjects',
  auth: 'user',
  query: listSubjectsQuery,
  response: subjectList,
});

const optionalKey = <T extends Record<string, string>>(options: T) =>
  z
    .union([z.enum(Object.keys(options) as [string, ...string[]]), z.literal('')])
    .nullish()
    .transform((v) => v || null);

/**
 * Subject fields in metric units. Value checks (ranges, required fields, tags, consent) are done by the
 * shared subject rules so the 400 carries SPEC's messages per field; the schema only guards the types.
 */
export const subjectBody = z.object({
  name: z.string().max(1000).nullish(),
  weight: z.union([z.number(), z.string().max(50)]).nullish(),
  height: z.union([z.number(), z.string().max(50)]).nullish(),
  birth_year: z.union([z.number(), z.string().max(50)]).nullish(),
  sex_at_birth: optionalKey(SEX_OPTIONS),
  gender: optionalKey(GENDER_OPTIONS),
  characteristics: z.string().max(5000).nullish(),
  subject_tags: z.array(z.string().max(64)).max(50).nullish(),
  terms: z.boolean().nullish(),
});
export type SubjectBody = z.input<typeof subjectBody>;

export const createSubjectEndpoint = endpoint({
  method: 'POST',
  path: '/subjects/',
  summary: 'Creates a subject (SPEC §5 rules; 400 with field errors)',
  tag: 'subjects',
  auth: 'user',
  body: subjectBody,
  response: subject,
});

const idParams = z.object({ id: z.string().min(1).max(100) });

export const updateSubjectEndpoint = endpoint({
  method: 'PUT',
  path: '/subjects/:id/',
  summary: 'Updates a subject (SPEC §5 rules; 400 with field errors)',
  tag: 'subjects',
  auth: 'user',
  params: idParams,
  body: subjectBody,
  response: subject,
});

export const trashSubjectEndpoint = endpoint({
  method: 'POST',
  path: '/subjects/:id/trash/',
  summary: 'Trashes a subject (removed for good after 30 days)',
  tag: 'subjects',
  auth: 'user',
  params: idParams,
  response: subject,
});

export const restoreSubjectEndpoint = endpoint({
  method: 'POST',
  path: '/subjects/:id/restore/',
  summary: 'Restores a trashed subject',
  tag: 'subjects',
  auth: 'user',
  params: idParams,
  response: subject,
});

export const permanentRemoveSubjectEndpoint = endpoint({
  method: 'POST',
  path: '/subjects/:id/permanent_remove/',
  summary: 'Deletes a subject for good (its sessions stay, without a subject)',
  tag: 'subjects',
  auth: 'user',
  params: idParams,
  response: removedResponse,
});

export const subjectTagsEndpoint = endpoint({
  method: 'GET',
  path: '/subject-tags/:id/get_tags_subject/',
  summary: "A subject's tags, one item per tag",
  tag: 'subjects',
  auth: 'user',
  params: idParams,
  response: z.array(itemTag),
});
