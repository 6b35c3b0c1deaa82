import { z } from 'zod';
import { endpoint } from './endpoint';
import { trial } from './entities';
import { removedResponse } from './sessions';
import { ALPHA_DASH_CUSTOM, MESSAGES } from './validation';

/** SPEC §7 'Trials' calls: read, rename, tags, trash, restore, remove; and the trial tag list. */

/** Trial names the capture flow uses for its own trials. */
export const RESERVED_TRIAL_NAMES = ['neutral', 'calibration'] as const;
export const TRIAL_MESSAGES = {
  nameRequired: 'The trial name is required.',
  nameTooLong: 'The trial name must be at most 100 characters.',
  reserved: "The names 'neutral' and 'calibration' are reserved.",
  busy: 'The trial cannot be changed while it is uploading or processing.',
  specialTrial: 'This trial cannot be renamed.',
  calibrationInUse:
    'This calibration is used by a later session recorded with the same setup and is kept while that session exists.',
} as const;

/** Statuses during which rename and tag edits are refused (uploading, queued or processing). */
export const BUSY_TRIAL_STATUSES: readonly string[] = ['stopped', 'processing', 'reprocess'];

/** SPEC §5 trial name: required and alpha_dash_custom (uniqueness is checked against the session). */
export function trialNameError(name: string): string | null {
  const n = name.trim();
  if (!n) return TRIAL_MESSAGES.nameRequired;
  if (n.length > 100) return TRIAL_MESSAGES.nameTooLong;
  if (!ALPHA_DASH_CUSTOM.test(n)) return MESSAGES.alphaDashCustom;
  if ((RESERVED_TRIAL_NAMES as readonly string[]).includes(n.toLowerCase())) return TRIAL_MESSAGES.reserved;
  return null;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

export const getTrialEndpoint = endpoint({
  method: 'GET',
  path: '/trials/:id/',
  summary:
    'A trial with results and progress (owner, or anyone for a public session); error text at meta.error_msg',
  tag: 'trials',
  auth: 'optionalUser',
  params: idParams,
  response: trial,
});

export const renameTrialEndpoint = endpoint({
  method: 'POST',
  path: '/trials/:id/rename/',
  summary: 'Renames a trial (alpha_dash_custom, unique in the session, not while uploading or processing)',
  tag: 'trials',
  auth: 'user',
  params: idParams,
  body: z.object({ trialNewName: z.string().max(200) }),
  response: trial,
});

export const trialTagValue = z.string().trim().min(1).max(64);

export const modifyTrialTagsEndpoint = endpoint({
  method: 'POST',
  path: '/trials/:id/modifyTags/',
  summary: "Replaces a trial's tags (values of the trial tag vocabulary)",
  tag: 'trials',
  auth: 'user',
  params: idParams,
  body: z.object({ trialNewTags: z.array(trialTagValue).max(50) }),
  response: trial,
});

export const trashTrialEndpoint = endpoint({
  method: 'POST',
  path: '/trials/:id/trash/',
  summary: 'Moves a trial to the recycle bin (removed for good after 30 days)',
  tag: 'trials',
  auth: 'user',
  params: idParams,
  response: trial,
});

export const restoreTrialEndpoint = endpoint({
  method: 'POST',
  path: '/trials/:id/restore/',
  summary: 'Restores a trashed trial',
  tag: 'trials',
  auth: 'user',
  params: idParams,
  response: trial,
});

export const permanentRemoveTrialEndpoint = endpoint({
  method: 'POST',
  path: '/trials/:id/permanent_remove/',
  summary: 'Deletes a trial and its media for good',
  tag: 'trials',
  auth: 'user',
  params: idParams,
  response: removedResponse,
});

/** One tag of an item: `id` is the item's id, `tag` a vocabulary value (the web app maps it to its label). */
export const itemTag = z.object({ id: z.string(), tag: z.string() });
export type ItemTag = z.infer<typeof itemTag>;

export const trialTagsEndpoint = endpoint({
  method: 'GET',
  path: '/trial-tags/:id/get_tags_trial/',
  summary: "A trial's tags, one item per tag",
  tag: 'trials',
  auth: 'optionalUser',
  params: idParams,
  response: z.array(itemTag),
});

/** A static vocabulary entry (public/tags/*.json in the web app). */
export const tagVocabularyEntry = z.object({ value: z.string(), label: z.string() });
export type TagVocabularyEntry = z.infer<typeof tagVocabularyEntry>;
