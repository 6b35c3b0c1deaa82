import { z } from 'zod';
import { endpoint } from './endpoint';
import { checkerboardSettings } from './entities';
import { calibratedCamera } from './processing';

/**
 * Data downloads (SPEC §7 'Downloads'): session and subject archives in OpenCap's folder layout, made by an
 * 'archive' job on the queue (asynchronous) or streamed straight to the caller (the old synchronous calls).
 */

const idParams = z.object({ id: z.string().min(1).max(100) });
/**
 * Which copy of the videos an archive holds (issue #27): the recorded originals, the de-identified copies
 * (every face blurred; a video without one is left out and the README says so) or none.
 */
export const ARCHIVE_VIDEO_COPIES = ['original', 'deidentified', 'none'] as const;
export type ArchiveVideoCopy = (typeof ARCHIVE_VIDEO_COPIES)[number];

const withVideosQuery = z.object({
  /** Include the recorded and synced videos (default true); left out anyway where the viewer may not see them. */
  with_videos: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
  /**
   * Which videos (default 'original'; with_videos=false means 'none'). The owner gets the copy asked for;
   * a visitor never more than the subject's data sharing choice allows ('original' under 'de-identified
   * videos' gives the blurred copies).
   */
  videos: z.enum(ARCHIVE_VIDEO_COPIES).optional(),
});

/** The copy a download call asks for: `videos`, 'none' when with_videos=false, else the originals. */
export function requestedVideoCopy(query: {
  with_videos: boolean;
  videos?: ArchiveVideoCopy;
}): ArchiveVideoCopy {
  if (!query.with_videos) return 'none';
  return query.videos ?? 'original';
}

/** SPEC §9: archive polls every 1 s; a download button's busy flag clears after 5 s. */
export const ARCHIVE_POLL_MS = 1000;
export const DOWNLOAD_BUSY_MS = 5000;

/** How long a made archive stays downloadable (ARCHIVE_RETENTION_DAYS overrides it). */
export const DEFAULT_ARCHIVE_RETENTION_DAYS = 4;

// ---------------------------------------------------------------------------------------------------------------
// The archive job's payload (what the worker gets in spec.payload; the server builds it when the job is claimed).

/** One stored file copied into the archive. */
export const archiveFileEntry = z.object({
  /** Path below the session folder, e.g. 'MarkerData/walk.trc'. */
  path: z.string().min(1).max(500),
  /** The job input (spec.inputs[].id) holding its bytes. */
  input: z.string(),
  /** Stored as is (videos and images are compressed already) instead of deflated. */
  store: z.boolean(),
});
export type ArchiveFileEntry = z.infer<typeof archiveFileEntry>;

/** A camera of the session: `Videos/Cam<index>/`, with its calibration when the session has one. */
export const archiveCamera = z.object({
  index: z.number().int().min(0),
  device_id: z.string().nullable(),
  /** The phone model the phone reported at pairing. */
  phone_model: z.string().nullable(),
  calibration: calibratedCamera.nullable(),
});
export type ArchiveCamera = z.infer<typeof archiveCamera>;

/** An analysis result: its JSON is copied to Analyses/<trial>/<function>.json and its metrics become a CSV. */
export const archiveAnalysis = z.object({
  trial: z.string(),
  function_id: z.string(),
  input: z.string(),
});
export type ArchiveAnalysis = z.infer<typeof archiveAnalysis>;

/** What sessionMetadata.yaml says (OpenCap's keys where it has them). */
export const archiveSessionMetadata = z.object({
  session_id: z.string(),
  session_name: z.string().nullable(),
  subject_id: z.string().nullable(),
  height_m: z.number().nullable(),
  mass_kg: z.number().nullable(),
  sex: z.string().nullable(),
  /** The OpenSim model the neutral pose scaled. */
  model: z.string().nullable(),
  augmenter: z.string().nullable(),
  filter_frequency: z.union([z.literal('default'), z.number()]).nullable(),
  framerate: z.number().nullable(),
  checkerboard: checkerboardSettings.nullable(),
  data_sharing: z.string().nullable(),
  created_at: z.string(),
});
export type ArchiveSessionMetadata = z.infer<typeof archiveSessionMetadata>;

export const archiveSession = z.object({
  /** 'OpenCapData_<sessionId>'. */
  folder: z.string().regex(/^OpenCapData_[A-Za-z0-9_-]+$/),
  metadata: archiveSessionMetadata,
  cameras: z.array(archiveCamera),
  trials: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['calibration', 'neutral', 'dynamic']),
      status: z.string(),
    }),
  ),
  files: z.array(archiveFileEntry),
  analyses: z.array(archiveAnalysis),
  /**
   * What CalibrationImages/ holds, so that its README can say why it is empty: 'included' (the checkerboard as
   * each camera saw it), 'imported' (the calibration came from a file: no images exist), 'withheld' (recorded,
   * but this download may not show the room), 'none' (no calibration, or a recorded one without images; also
   * what a payload made before the field existed reads as).
   */
  calibration_images: z.enum(['included', 'imported', 'withheld', 'none']).default('none'),
  /** The copy of the videos this session's folder holds; absent in payloads made before it (with_videos). */
  videos: z.enum(ARCHIVE_VIDEO_COPIES).optional(),
  /** 'Cam<i>/<trial>' of each video left out because it has no de-identified copy (videos 'deidentified'). */
  videos_left_out: z.array(z.string()).default([]),
});
export type ArchiveSession = z.infer<typeof archiveSession>;

export const archivePayload = z.object({
  archive_id: z.string(),
  /** 'OpenCapData_Subject_<id>' for a subject's archive (its sessions' folders inside), null for a session's. */
  root: z
    .string()
    .regex(/^OpenCapData_Subject_[A-Za-z0-9_-]+$/)
    .nullable(),
  /** The zip's file name. */
  file_name: z.string(),
  with_videos: z.boolean(),
  created_at: z.string(),
  sessions: z.array(archiveSession),
});
export type ArchivePayload = z.infer<typeof archivePayload>;

/** The tag of the archive job's one output (the zip). */
export const ARCHIVE_RESULT_TAG = 'archive';

// ---------------------------------------------------------------------------------------------------------------
// Calls.

export const taskIdResponse = z.object({ task_id: z.string() });

export const sessionAsyncDownloadEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/async-download/',
  summary: "Start making the session's archive; poll /logs/{task_id}/on-ready/ for it",
  tag: 'downloads',
  auth: 'optionalUser',
  params: idParams,
  query: withVideosQuery,
  response: taskIdResponse,
});

export const subjectAsyncDownloadEndpoint = endpoint({
  method: 'GET',
  path: '/subjects/:id/async-download/',
  summary: "Start making the archive of a subject's sessions; poll /logs/{task_id}/on-ready/ for it",
  tag: 'downloads',
  auth: 'user',
  params: idParams,
  query: withVideosQuery,
  response: taskIdResponse,
});

export const ARCHIVE_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];

/** 202 while the archive is being made (repeat after 1 s). */
export const archivePending = z.object({
  state: z.enum(['queued', 'running']),
  percent: z.number().nullable(),
  message: z.string().nullable(),
});
export type ArchivePending = z.infer<typeof archivePending>;

/** 200 when it is ready: a short-lived download link. */
export const archiveReady = z.object({
  state: z.literal('ready'),
  url: z.string(),
  file_name: z.string(),
  size_bytes: z.number(),
  expires_at: z.string(),
});
export type ArchiveReady = z.infer<typeof archiveReady>;

/**
 * Why an archive failed, for the web app's catalogue: storing the zip failed (`detail`: the store's words),
 * its data is no longer there (session removed or made private meanwhile), or anything else.
 */
export const ARCHIVE_FAILURE_CODES = ['storage_failed', 'unavailable', 'failed'] as const;
export type ArchiveFailureCode = (typeof ARCHIVE_FAILURE_CODES)[number];

/** 500 when making it failed for good: the web app stops polling and shows the message. */
export const archiveFailed = z.object({
  state: z.literal('failed'),
  /** The English text. */
  message: z.string(),
  code: z.enum(ARCHIVE_FAILURE_CODES),
  /** The technical detail (storage_failed). */
  detail: z.string().nullable(),
});
export type ArchiveFailed = z.infer<typeof archiveFailed>;

export const archiveOnReadyEndpoint = endpoint({
  method: 'GET',
  path: '/logs/:task_id/on-ready/',
  summary: 'Whether an archive is ready: 202 while made, 200 with its url, 500 with a message if it failed',
  tag: 'downloads',
  auth: 'optionalUser',
  params: z.object({ task_id: z.string().min(1).max(100) }),
  response: archiveReady,
});

export const sessionDownloadEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/download/',
  summary: "The session's archive as a zip streamed in the answer (old synchronous download)",
  tag: 'downloads',
  auth: 'optionalUser',
  params: idParams,
  query: withVideosQuery,
});

export const subjectDownloadEndpoint = endpoint({
  method: 'GET',
  path: '/subjects/:id/download/',
  summary:
    "The subject's sessions as subject_results_{id}.zip streamed in the answer (old synchronous download)",
  tag: 'downloads',
  auth: 'user',
  params: idParams,
  query: withVideosQuery,
});
