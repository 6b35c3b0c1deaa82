import { z } from 'zod';
import { endpoint } from './endpoint';
import { FRAMERATES } from './constants';
import { progressInfo, session } from './entities';
import { sessionNameField } from './sessions';

/** SPEC §7 'Setting up and recording' calls and the phone capture protocol (ARCHITECTURE.md). */

const sessionIdParams = z.object({ id: z.string().min(1) });
const boolString = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** Calibration and neutral recordings stop by themselves after this long (long enough for every phone). */
export const AUTO_STOP_SECONDS = 4;

export const DATA_SHARING_CHOICES = [
  'Share processed data and identified videos',
  'Share processed data and de-identified videos',
  'Share processed data',
  'Share no data',
] as const;
export const SCALING_SETUPS = ['upright_standing_pose', 'any_pose'] as const;
export const OPENSIM_MODELS = ['LaiUhlrich2022_shoulder', 'LaiUhlrich2022'] as const;
export const AUGMENTER_MODELS = ['v0.3', 'v0.2'] as const;

export const FILTER_WARNINGS = {
  invalid: 'Invalid filter frequency. Using default.',
  tooLarge: (halfFramerate: number) =>
    `Too large filter frequency. Using half the framerate (${halfFramerate} Hz) instead.`,
};

/**
 * SPEC §5 filter frequency: 'default' or a positive number capped at half the framerate. Returns the value to
 * keep and the warning to show, if any.
 */
export function normalizeFilterFrequency(
  raw: string | number | null | undefined,
  framerate: number,
): { value: 'default' | number; warning: string | null } {
  const text = String(raw ?? '').trim();
  if (text === '' || text.toLowerCase() === 'default') return { value: 'default', warning: null };
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) return { value: 'default', warning: FILTER_WARNINGS.invalid };
  const half = framerate / 2;
  if (n > half) return { value: half, warning: FILTER_WARNINGS.tooLarge(half) };
  return { value: n, warning: null };
}

const devices = (n: number) => (n === 1 ? '1 device' : `${n} devices`);

/**
 * SPEC §8 device messages, with English plurals right ('1 device', '2 devices'). The web app renders them in the
 * user's language through its `contract` catalogue (apps/web/src/i18n/README.md), so keep the two in step.
 */
export const DEVICE_MESSAGES = {
  notEnoughDevices: (n: number) =>
    `${devices(n)} connected to the session and 2+ devices are required, please re-pair your devices using the QR code at the top of the page.`,
  noCalibratedCameras: 'No cameras have been calibrated. Please go back and calibrate your cameras.',
  oneCalibratedCamera:
    'There is only 1 calibrated camera, but at least 2 cameras are necessary. Please go back and calibrate at least 2 cameras.',
  missingVideos: (n: number, m: number) =>
    `${devices(n)} expected and ${m} of them uploaded a video. Please reconnect the missing ${n - m === 1 ? 'device' : `${n - m} devices`} to the session using the QR code at the top of the screen.`,
  timeLimit: 'Recording finished upon reaching time limit.',
  calibrated: (n: number) => `${devices(n)} calibrated successfully.`,
} as const;

// ---------------------------------------------------------------- researcher calls (SPEC §7)

export const newSessionEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/new/',
  summary: 'Create a session with a pairing QR code; the first item is the session',
  tag: 'capture',
  auth: 'user',
  response: z.array(session),
});

export const getQrEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/get_qr/',
  summary: "The session's pairing QR code (PNG data URL) and the URL it encodes",
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  response: z.object({ qr: z.string(), url: z.string() }),
});

export const setMetadataQuery = z.object({
  cb_rows: z.coerce.number().int().min(2).max(50).optional(),
  cb_cols: z.coerce.number().int().min(2).max(50).optional(),
  cb_square: z.coerce.number().positive().max(1000).optional(),
  cb_placement: z.enum(['Perpendicular', 'Lying']).optional(),
  settings_data_sharing: z.enum(DATA_SHARING_CHOICES).optional(),
  settings_scaling_setup: z.enum(SCALING_SETUPS).optional(),
  settings_framerate: z.coerce
    .number()
    .int()
    .refine((v) => (FRAMERATES as readonly number[]).includes(v), 'Framerate must be 60, 120 or 240.')
    .optional(),
  /** The rule of rename (SPEC §5 session rename), or empty for none. */
  settings_session_name: z.union([z.literal(''), sessionNameField]).optional(),
  settings_openSimModel: z.enum(OPENSIM_MODELS).optional(),
  settings_augmenter_model: z.enum(AUGMENTER_MODELS).optional(),
  settings_filter_frequency: z.string().max(40).optional(),
});

export const setMetadataEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/set_metadata/',
  summary: 'Set checkerboard (cb_*) or session settings (settings_*) metadata',
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  query: setMetadataQuery,
  response: z.object({
    meta: z.record(z.string(), z.unknown()),
    warnings: z.array(z.string()),
  }),
});

export const setSubjectEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/set_subject/',
  summary: "Set the session's subject",
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  query: z.object({ subject_id: z.string().min(1) }),
  response: z.object({ subject_id: z.string() }),
});

export const recordQuery = z.object({
  name: z.string().min(1).max(100),
  subject_id: z.string().optional(),
  subject_mass: z.coerce.number().positive().optional(),
  subject_height: z.coerce.number().positive().optional(),
  subject_sex: z.string().max(40).optional(),
  subject_gender: z.string().max(40).optional(),
  subject_data_sharing: z.string().max(100).optional(),
  /**
   * Calibration only: re-record this paired phone's camera; the other cameras of the session's latest
   * calibration are kept (every phone still records: the board must be seen with a calibrated camera).
   */
  recalibrate: z.string().min(1).max(100).optional(),
});

export const recordEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/record/',
  summary: 'Start recording on every connected phone (calibration, neutral or a trial name)',
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  query: recordQuery,
  response: z.object({ id: z.string(), max_seconds: z.number(), n_devices: z.number() }),
});

export const stopEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/stop/',
  summary: 'Stop the recording; phones then upload',
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  response: z.object({ status: z.string(), id: z.string().nullable() }),
});

export const cancelTrialEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/cancel_trial/',
  summary: 'Cancel the current recording or upload; phones discard it',
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  response: z.object({ cancelled: z.string().nullable() }),
});

export const captureStatus = z.enum([
  'ready',
  'recording',
  'uploading',
  'stopped',
  'processing',
  'done',
  'error',
  'reprocess',
]);
export type CaptureStatus = z.infer<typeof captureStatus>;

export const statusEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/status/',
  summary: "Status of the session's latest (or a given) trial and the connected phones",
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  query: z.object({ ret_session: boolString, trial_id: z.string().optional() }),
  response: z.object({
    status: captureStatus,
    trial_id: z.string().nullable(),
    trial_name: z.string().nullable(),
    n_videos_uploaded: z.number(),
    n_videos_expected: z.number(),
    n_cameras_connected: z.number(),
    progress_info: progressInfo,
    message: z.string().nullable(),
    devices: z.array(z.object({ id: z.string(), name: z.string(), model: z.string(), state: z.string() })),
    /** While uploading: the phones whose video is still missing (connected or not, and how far they got). */
    waiting_for: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          model: z.string(),
          connected: z.boolean(),
          received_bytes: z.number().nullable(),
          total_bytes: z.number().nullable(),
        }),
      )
      .optional(),
    session: session.optional(),
  }),
});

export const nCalibratedCamerasEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/get_n_calibrated_cameras/',
  summary: "Number of cameras calibrated by the session's latest successful calibration",
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  response: z.object({ data: z.number() }),
});

export const sessionSettingsEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/get_session_settings/',
  summary: 'Framerates every connected phone supports (60 when none reports more)',
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  response: z.object({ framerates: z.array(z.number()) }),
});

export const newSubjectEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/new_subject/',
  summary: 'New session same setup: reuses the calibration and moves the connected phones over',
  tag: 'capture',
  auth: 'user',
  params: sessionIdParams,
  response: session,
});

// ---------------------------------------------------------------- phone (device) protocol

export const deviceCapabilities = z.object({
  framerates: z.array(z.number()).max(10),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});
export type DeviceCapabilities = z.infer<typeof deviceCapabilities>;

export const pairEndpoint = endpoint({
  method: 'POST',
  path: '/capture/pair/',
  summary: "Pair a phone with a session's secret from the QR code; answers a device token",
  tag: 'capture',
  auth: 'public',
  body: z.object({
    session_id: z.string().min(1),
    secret: z.string().min(1).max(200),
    model: z.string().max(200).default(''),
    capabilities: deviceCapabilities,
  }),
  response: z.object({
    device_token: z.string(),
    device_id: z.string(),
    session_id: z.string(),
    name: z.string(),
  }),
});

export const deviceInfoEndpoint = endpoint({
  method: 'GET',
  path: '/capture/device/',
  summary: "The calling phone's device, session and framerate",
  tag: 'capture',
  auth: 'device',
  response: z.object({
    device_id: z.string(),
    session_id: z.string(),
    name: z.string(),
    framerate: z.number(),
  }),
});

export const uploadMeta = z.object({
  mime: z.string().min(1).max(100),
  model: z.string().max(200).default(''),
  fps: z.number().positive().max(1000),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  rotation: z.number().int().min(0).max(359).default(0),
  duration_sec: z.number().nonnegative(),
  start_time_ms: z.number().nullable(),
  frame_timestamps: z.array(z.number()).max(200_000).nullable(),
});
export type UploadMeta = z.infer<typeof uploadMeta>;

export const createUploadEndpoint = endpoint({
  method: 'POST',
  path: '/capture/uploads/',
  summary: "Start (or resume) this phone's upload of a trial's video",
  tag: 'capture',
  auth: 'device',
  body: z.object({
    trial_id: z.string().min(1),
    total_bytes: z.number().int().positive(),
    meta: uploadMeta,
  }),
  response: z.object({
    upload_id: z.string().nullable(),
    received_bytes: z.number(),
    complete: z.boolean(),
  }),
});

/** 512 KiB: small enough for a visible progress bar and cheap retries on a weak network. */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;

export const uploadChunkEndpoint = endpoint({
  method: 'PUT',
  path: '/capture/uploads/:uploadId/',
  summary: 'Append a chunk (application/octet-stream) at the given offset',
  tag: 'capture',
  auth: 'device',
  params: z.object({ uploadId: z.string().min(1) }),
  query: z.object({ offset: z.coerce.number().int().nonnegative() }),
  multipart: true,
  response: z.object({ received_bytes: z.number() }),
});

export const completeUploadEndpoint = endpoint({
  method: 'POST',
  path: '/capture/uploads/:uploadId/complete/',
  summary: 'Finish an upload: it becomes a video of its trial only when every byte is in',
  tag: 'capture',
  auth: 'device',
  params: z.object({ uploadId: z.string().min(1) }),
  response: z.object({ video_id: z.string() }),
});

/** Messages on the phone's WebSocket (GET /api/capture/ws). */
export type ServerToPhone =
  | {
      type: 'welcome';
      device_id: string;
      session_id: string;
      name: string;
      framerate: number;
      server_time: number;
    }
  | { type: 'pong'; t0: number; server_time: number }
  | { type: 'record'; trial_id: string; framerate: number; max_seconds: number; auto_stop: boolean }
  | { type: 'stop'; trial_id: string }
  | { type: 'cancel'; trial_id: string }
  | { type: 'newSession'; session_id: string; url: string }
  | { type: 'settings'; framerate: number }
  | { type: 'error'; message: string };

export type PhoneToServer =
  | { type: 'hello'; token: string }
  | { type: 'ping'; t0: number }
  | { type: 'heartbeat' }
  | {
      type: 'state';
      state: 'idle' | 'recording' | 'uploading' | 'error';
      trial_id?: string | null;
      progress?: number;
    };
