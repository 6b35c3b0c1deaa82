import { z } from 'zod';
import { endpoint } from './endpoint';
import { session } from './entities';
import { recordQuery } from './capture';

/**
 * Sessions from existing video files (issue #28): a session whose cameras are files instead of paired phones.
 * Each camera is a device of the session without a phone behind it; each imported trial is uploaded by the
 * browser through the phones' resumable protocol (start, chunks at offsets, complete), then processed like a
 * live recording.
 */

/** At least 2 cameras, as for phones (SPEC §9); more than 16 files per trial is not a camera setup. */
export const IMPORT_MIN_CAMERAS = 2;
export const IMPORT_MAX_CAMERAS = 16;
/** Files from lab cameras are large: up to 20 GiB each (a phone's upload stays at 2 GiB). */
export const IMPORT_MAX_VIDEO_BYTES = 20 * 1024 ** 3;
/** The browser sends 8 MiB chunks: few requests for a GB file, still a small retry after a network loss. */
export const IMPORT_CHUNK_BYTES = 8 * 1024 * 1024;
/** Types a file may have: MP4 (GoPro, phones' camera apps), QuickTime (iPhone) and WebM. */
export const IMPORT_VIDEO_MIMES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** Stable codes for the web app's catalogue (the English text stays the API's message). */
export const IMPORT_ERROR_CODES = {
  missingCamera: 'import_missing_camera',
  notVideo: 'import_not_video',
  noVideoStream: 'import_no_video_stream',
  notImported: 'import_not_imported_session',
  cameraCount: 'import_camera_count',
} as const;

export const IMPORT_MESSAGES = {
  tooFewCameras: (n: number) =>
    `${n === 1 ? '1 camera was' : `${n} cameras were`} chosen; at least 2 are needed. Add the video of a second camera.`,
  missingCamera: (camera: string) =>
    `${camera} has no video. Drop one video file on every camera, or go back and choose fewer cameras.`,
  twoFilesOneCamera: (camera: string) => `${camera} has two videos. Keep one video file per camera.`,
  unknownCamera: 'A file is assigned to a camera that is not part of this session.',
  notVideo: (file: string) =>
    `${file} is not a video file (MP4, MOV or WebM). Choose the camera's video file, or convert it to MP4.`,
  noVideoStream: (file: string, camera: string) =>
    `${file} (${camera}) has no video stream that can be read. Choose the camera's video file, or export it again as MP4 (H.264).`,
  tooLarge: (file: string) => `${file} is larger than 20 GB. Cut it to the part that was recorded.`,
  notImported: 'This session records with phones. Start a new session from video files to import files.',
  calibrationCameras: (have: number, want: number) =>
    `The calibration of that session has ${have} cameras; this session has ${want}. Choose a session with ${want} calibrated cameras, or import a calibration.`,
  noCalibration: 'That session has no finished calibration. Choose another session, or import a calibration.',
  trialBusy: 'Another import of this session is still uploading. Finish or cancel it first.',
} as const;

const sessionIdParams = z.object({ id: z.string().min(1) });

export const createImportSessionEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/import/',
  summary: 'Create a session whose cameras are video files (one camera per file of each trial)',
  tag: 'import',
  auth: 'user',
  body: z.object({ n_cameras: z.number().int().min(1).max(IMPORT_MAX_CAMERAS) }),
  response: z.object({
    session,
    cameras: z.array(z.object({ device_id: z.string(), name: z.string() })),
  }),
});

export const reuseCalibrationEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/import/reuse_calibration/',
  summary: "Copy an earlier session's calibration (cameras that did not move) into an imported session",
  tag: 'import',
  auth: 'user',
  params: sessionIdParams,
  body: z.object({ from_session_id: z.string().min(1) }),
  response: z.object({ trial_id: z.string(), n_cameras: z.number() }),
});

export const importFile = z.object({
  device_id: z.string().min(1),
  file_name: z.string().min(1).max(255),
  mime: z.string().max(100),
  total_bytes: z.number().int().positive(),
  /** What the browser read from the file (video element): kept as the video's metadata until processing. */
  fps: z.number().positive().max(1000).nullable().default(null),
  width: z.number().int().positive().nullable().default(null),
  height: z.number().int().positive().nullable().default(null),
  duration_sec: z.number().nonnegative().nullable().default(null),
});
export type ImportFile = z.infer<typeof importFile>;

/** The neutral's subject fields, as the neutral step sends them to record/. */
const subjectFields = recordQuery.omit({ name: true, recalibrate: true }).partial();

export const startImportTrialEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/import/trials/',
  summary: 'Start an imported trial (calibration, neutral or a named trial): one file per camera',
  tag: 'import',
  auth: 'user',
  params: sessionIdParams,
  body: z.object({
    name: z.string().min(1).max(100),
    files: z.array(importFile).min(1).max(IMPORT_MAX_CAMERAS),
    subject: subjectFields.optional(),
  }),
  response: z.object({
    trial_id: z.string(),
    uploads: z.array(z.object({ device_id: z.string(), upload_id: z.string(), received_bytes: z.number() })),
  }),
});

const uploadParams = z.object({ uploadId: z.string().min(1) });

export const importUploadStatusEndpoint = endpoint({
  method: 'GET',
  path: '/imports/uploads/:uploadId/',
  summary: 'How many bytes of an imported file are stored (where to resume after a network loss)',
  tag: 'import',
  auth: 'user',
  params: uploadParams,
  response: z.object({ received_bytes: z.number(), total_bytes: z.number(), complete: z.boolean() }),
});

export const importUploadChunkEndpoint = endpoint({
  method: 'PUT',
  path: '/imports/uploads/:uploadId/',
  summary: 'Append a chunk (application/octet-stream) of an imported file at the given offset',
  tag: 'import',
  auth: 'user',
  params: uploadParams,
  query: z.object({ offset: z.coerce.number().int().nonnegative() }),
  multipart: true,
  response: z.object({ received_bytes: z.number() }),
});

export const completeImportUploadEndpoint = endpoint({
  method: 'POST',
  path: '/imports/uploads/:uploadId/complete/',
  summary: 'Finish an imported file: checked by ffprobe, then a video of its trial; the last one queues it',
  tag: 'import',
  auth: 'user',
  params: uploadParams,
  response: z.object({ video_id: z.string(), queued: z.boolean() }),
});
