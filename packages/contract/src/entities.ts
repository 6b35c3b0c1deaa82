import { z } from 'zod';
import { processingWarning, trialQuality } from './quality';

/** SPEC §3 entities as the API returns them. */

export const TRIAL_STATUSES = ['recording', 'stopped', 'processing', 'error', 'done', 'reprocess'] as const;
export const trialStatus = z.enum(TRIAL_STATUSES);
export type TrialStatus = z.infer<typeof trialStatus>;

/** Result tags produced by processing (SPEC §3 and the processing issue). */
export const RESULT_TAGS = [
  'calibration-img',
  'neutral-img',
  'video-sync',
  'visualizerTransforms-json',
  'ik_results',
  'IK-json',
  'marker_data',
  'opensim_model',
  'session_metadata',
  'camera-calibration',
  'calibration-report',
  // De-identified copies (issue #27): every face blurred; what visitors get under that data sharing choice.
  'video-deidentified',
  'video-sync-deidentified',
] as const;

export const progressInfo = z.object({ percent: z.number().nullable(), message: z.string().nullable() });

export const trialResult = z.object({
  id: z.string(),
  tag: z.string(),
  media: z.string().nullable(),
  trial_id: z.string(),
  device_id: z.string().nullable(),
  indices: z.object({ start: z.number(), end: z.number() }).nullable().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type TrialResult = z.infer<typeof trialResult>;

export const trialVideo = z.object({
  id: z.string(),
  device_id: z.string(),
  /** URL of the uploaded video. */
  video: z.string(),
  fps: z.number(),
  width: z.number(),
  height: z.number(),
  duration: z.number(),
  /**
   * When the phone started recording, in ms on the server's clock (null when the phone could not tell): the
   * worker synchronises a trial's videos by these, and the CLI does too when given them (start-times.json).
   */
  start_time_ms: z.number().nullable().optional(),
});
export type TrialVideo = z.infer<typeof trialVideo>;

/**
 * What processing stored about a trial: the error text (SPEC §8), and for processed trials their quality
 * figures and coded warnings (issue #14; a trial 'done' with warnings is shown as 'Done with warnings').
 */
export const trialMeta = z
  .object({
    error_msg: z.string().optional(),
    quality: trialQuality.optional(),
    warnings: z.array(processingWarning).optional(),
  })
  .catchall(z.unknown());
export type TrialMeta = z.infer<typeof trialMeta>;

export const trial = z.object({
  id: z.string(),
  name: z.string(),
  status: trialStatus,
  session: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  trashed: z.boolean(),
  trashed_at: z.string().nullable(),
  tags: z.array(z.string()),
  videos: z.array(trialVideo),
  results: z.array(trialResult),
  progress_info: progressInfo,
  meta: trialMeta,
});
export type Trial = z.infer<typeof trial>;

export const checkerboardSettings = z.object({
  rows: z.number().int(),
  cols: z.number().int(),
  square_size_mm: z.number(),
  placement: z.enum(['Perpendicular', 'Lying']),
});
export type CheckerboardSettings = z.infer<typeof checkerboardSettings>;

export const sessionSettings = z.object({
  data_sharing: z.string().optional(),
  scaling_setup: z.enum(['upright_standing_pose', 'any_pose']).optional(),
  framerate: z.number().optional(),
  session_name: z.string().optional(),
  openSimModel: z.string().optional(),
  augmenter_model: z.string().optional(),
  filter_frequency: z.union([z.literal('default'), z.number()]).optional(),
});
export type SessionSettings = z.infer<typeof sessionSettings>;

export const sessionMeta = z
  .object({
    sessionName: z.string().optional(),
    settings: sessionSettings.optional(),
    checkerboard: checkerboardSettings.optional(),
    subject: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());
export type SessionMeta = z.infer<typeof sessionMeta>;

export const session = z.object({
  id: z.string(),
  /** Owner's user id; owner-only fields are left out for other viewers. */
  user: z.string(),
  /** Whether the caller owns the session (drives owner-only controls). */
  is_owner: z.boolean(),
  subject: z.string().nullable(),
  subject_id: z.string().nullable(),
  /** Subject name (SPEC: 'name (subject name) in lists'). */
  name: z.string().nullable(),
  qrcode: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  trials: z.array(trial),
  trials_count: z.number(),
  public: z.boolean(),
  trashed: z.boolean(),
  trashed_at: z.string().nullable(),
  meta: sessionMeta,
});
export type Session = z.infer<typeof session>;

export const SEX_OPTIONS = {
  woman: 'Female',
  man: 'Male',
  intersect: 'Intersex',
  'not-listed': 'Not Listed',
  'prefer-not-respond': 'Prefer not to respond',
} as const;
export const GENDER_OPTIONS = {
  woman: 'Woman',
  man: 'Man',
  transgender: 'Transgender',
  'non-binary': 'Non-Binary/Non-Conforming',
  'prefer-not-respond': 'Prefer not to respond',
} as const;

export const subject = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number(),
  height: z.number(),
  birth_year: z.number(),
  sex_at_birth: z.string().nullable(),
  gender: z.string().nullable(),
  sex_display: z.string(),
  gender_display: z.string(),
  subject_tags: z.array(z.string()),
  characteristics: z.string(),
  terms: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  share_token: z.string(),
  trashed: z.boolean(),
  trashed_at: z.string().nullable(),
  display_name: z.string(),
  display_name_imperial: z.string(),
});
export type Subject = z.infer<typeof subject>;
