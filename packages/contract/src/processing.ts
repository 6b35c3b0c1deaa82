import { z } from 'zod';
import { endpoint } from './endpoint';
import { checkerboardSettings, sessionSettings } from './entities';

/**
 * Processing: job status calls of SPEC §7 (calibration_img, neutral_img), calibration import, reprocess, and the
 * worker protocol that embedded and remote workers speak (auth 'worker': 'Authorization: Worker <token>').
 */

const idParams = z.object({ id: z.string().min(1) });

// ---------------------------------------------------------------------------------------------------------------
// Camera models (same shape as packages/pipeline CameraModel: OpenCV pinhole + Brown–Conrady distortion,
// world → camera Xc = R·Xw + t, R row-major, metres, world Y up).
export const cameraIntrinsicsSchema = z.object({
  width: z.number(),
  height: z.number(),
  fx: z.number(),
  fy: z.number(),
  cx: z.number(),
  cy: z.number(),
  dist: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
  estimated: z.boolean().optional(),
});
export const cameraModelSchema = z.object({
  name: z.string(),
  intrinsics: cameraIntrinsicsSchema,
  extrinsics: z.object({
    R: z.tuple([
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
      z.number(),
    ]),
    t: z.tuple([z.number(), z.number(), z.number()]),
  }),
});
export type CameraModelJson = z.infer<typeof cameraModelSchema>;

/**
 * The 'camera-calibration' result of a calibration trial (JSON stored as the result file AND copied into the
 * result row's meta). The number of calibrated cameras of a session (get_n_calibrated_cameras) is
 * `cameras.length` of the newest calibration trial whose status is 'done'.
 *
 * `device_id` maps a camera to a paired phone. Recorded calibrations always carry it. Imported ones carry the
 * phone the user assigned to each camera (`assignment: 'explicit'`; cameras left unassigned are not stored);
 * calibrations imported before that choice existed map cameras with `device_id: null` to the session's
 * devices in pairing order when a trial is processed.
 */
export const CAMERA_CALIBRATION_TAG = 'camera-calibration';
export const calibratedCamera = z.object({
  device_id: z.string().nullable(),
  camera: cameraModelSchema,
  /** Mean board reprojection error (recorded calibrations). */
  reprojection_error_px: z.number().nullable().optional(),
  /**
   * Recorded Perpendicular boards have two mirror-image extrinsic solutions; the neutral trial picks one by
   * keypoint reprojection and stores the choice in its own 'camera-calibration' result.
   */
  alternative_extrinsics: cameraModelSchema.shape.extrinsics.nullable().optional(),
  /** Height above the floor (Lying board) or above the board's first inner corner (Perpendicular), metres. */
  height_m: z.number().nullable().optional(),
  /** Distance from the camera to the board's centre during the calibration, metres. */
  distance_to_board_m: z.number().nullable().optional(),
  /** Worst disagreement with the other cameras on the board's position (m); null when not measurable. */
  agreement_m: z.number().nullable().optional(),
});
export const cameraCalibrationResult = z.object({
  source: z.enum(['recorded', 'qualisys', 'toml']),
  cameras: z.array(calibratedCamera),
  checkerboard: checkerboardSettings.nullable().optional(),
  created_at: z.string(),
  /** Imports: 'explicit' when the user assigned every camera to its phone (no mapping by order later). */
  assignment: z.enum(['explicit', 'by-order']).optional(),
});
export type CameraCalibrationResult = z.infer<typeof cameraCalibrationResult>;

// ---------------------------------------------------------------------------------------------------------------
// User-facing calls.
export const processingStatus = z.object({ status: z.enum(['processing', 'done', 'error']) });

export const calibrationImgEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/calibration_img/',
  summary: "Status of the session's calibration processing (processing, done or error)",
  tag: 'processing',
  auth: 'user',
  params: idParams,
  response: processingStatus,
});

export const neutralImgEndpoint = endpoint({
  method: 'GET',
  path: '/sessions/:id/neutral_img/',
  summary: "Status of the session's neutral pose processing (processing, done or error)",
  tag: 'processing',
  auth: 'user',
  params: idParams,
  response: processingStatus,
});

export const importCalibrationResponse = z.object({
  trial_id: z.string(),
  /** Cameras in the file. */
  n_cameras: z.number(),
  /** '2 of 4 cameras assigned.' */
  message: z.string(),
  /** Cameras assigned to a phone (the calibrated cameras of the session). */
  n_assigned: z.number().optional(),
  /** Names of the file's cameras that were not assigned to a phone (not used). */
  unassigned: z.array(z.string()).optional(),
});
export const importCalibrationEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/import_calibration/',
  summary:
    'Import a camera calibration (Qualisys .qca.txt or Pose2Sim/anipose .toml, multipart field "file"; optional field "mapping": JSON array giving each camera\'s phone id or null, else the proposed assignment)',
  tag: 'processing',
  auth: 'user',
  params: idParams,
  multipart: true,
  response: importCalibrationResponse,
});

export const reprocessEndpoint = endpoint({
  method: 'POST',
  path: '/trials/:id/reprocess/',
  summary: "Re-run a trial's processing with the session's current settings",
  tag: 'processing',
  auth: 'user',
  params: idParams,
  response: z.object({ id: z.string(), status: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------------
// Worker protocol.
/**
 * Job kinds on the one queue: processing of a trial (calibration, neutral, dynamic) and the wave-2 kinds that
 * work on results (analysis of a trial, comparison report, data archive). See jobs.ts for the latter's specs.
 */
export const TRIAL_JOB_KINDS = ['calibration', 'neutral', 'dynamic'] as const;
export const JOB_KINDS = [...TRIAL_JOB_KINDS, 'analysis', 'report', 'archive'] as const;
export const jobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof jobKind>;
export const trialJobKind = z.enum(TRIAL_JOB_KINDS);
export type TrialJobKind = z.infer<typeof trialJobKind>;
export function isTrialJobKind(kind: string): kind is TrialJobKind {
  return (TRIAL_JOB_KINDS as readonly string[]).includes(kind);
}

/**
 * Camera profiles (table camera_profiles): intrinsics known for a phone model at one video size, used by the
 * calibration instead of estimating them from the recording. Key: lower-cased model '@' width 'x' height
 * (the model_key column); the size part only keeps keys unique.
 */
export function cameraProfileKey(model: string, width: number, height: number): string {
  return `${model.trim().toLowerCase()}@${width}x${height}`;
}

export const jobVideo = z.object({
  id: z.string(),
  device_id: z.string(),
  device_name: z.string(),
  fps: z.number(),
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
  duration_sec: z.number(),
  start_time_ms: z.number().nullable(),
  frame_timestamps: z.array(z.number()).nullable(),
  file_name: z.string(),
  /** Phone model reported by the phone. */
  model: z.string().optional(),
  /**
   * Intrinsics stored for this phone model (camera_profiles, any size or orientation); the worker picks the one
   * matching the decoded frames (pipeline findCameraProfile turns and scales them).
   */
  profiles: z.array(cameraIntrinsicsSchema).optional(),
});
export type JobVideo = z.infer<typeof jobVideo>;

export const jobSubject = z.object({
  weight_kg: z.number(),
  height_m: z.number(),
  sex: z.string().nullable(),
});

/** Everything a worker needs to process one trial (the trial job kinds). */
export const jobSpec = z.object({
  job_id: z.string(),
  kind: trialJobKind,
  attempt: z.number(),
  max_attempts: z.number(),
  lease_seconds: z.number(),
  trial: z.object({ id: z.string(), name: z.string(), session_id: z.string() }),
  settings: sessionSettings,
  checkerboard: checkerboardSettings,
  subject: jobSubject,
  videos: z.array(jobVideo),
  /** The session's calibration (neutral and dynamic trials). */
  calibration: cameraCalibrationResult.nullable(),
  /** Scaled model (.osim text) from the session's neutral trial (dynamic trials). */
  scaled_model_result_id: z.string().nullable(),
  /**
   * Calibration trials re-recording some cameras: their devices. `calibration` then holds the earlier
   * calibration whose other cameras are kept (and place the board for the re-recorded ones).
   */
  recalibrate_device_ids: z.array(z.string()).optional(),
  /** The calibration trial `calibration` comes from (re-recording some cameras). */
  base_calibration_trial_id: z.string().nullable().optional(),
  /**
   * Videos imported from files (no shared clock): the worker first aligns them coarsely from their sound or
   * motion (pipeline coarseAlign) and takes those offsets as the clock start times.
   */
  coarse_align: z.boolean().optional(),
});
export type JobSpec = z.infer<typeof jobSpec>;

export const progressBody = z.object({
  worker_id: z.string(),
  percent: z.number().min(0).max(100).nullable().optional(),
  message: z.string().max(500).nullable().optional(),
});
export const heartbeatEndpoint = endpoint({
  method: 'POST',
  path: '/worker/jobs/:id/heartbeat/',
  summary: "Extend a job's lease and report progress; 409 when the lease was lost",
  tag: 'worker',
  auth: 'worker',
  params: idParams,
  body: progressBody,
  response: z.object({ lease_expires_at: z.string() }),
});

export const jobVideoEndpoint = endpoint({
  method: 'GET',
  path: '/worker/jobs/:id/videos/:videoId/',
  summary: "Download one of the job's trial videos",
  tag: 'worker',
  auth: 'worker',
  params: z.object({ id: z.string(), videoId: z.string() }),
});

export const jobResultFileEndpoint = endpoint({
  method: 'GET',
  path: '/worker/jobs/:id/results/:resultId/',
  summary: 'Download an input result (such as the scaled model) of the job',
  tag: 'worker',
  auth: 'worker',
  params: z.object({ id: z.string(), resultId: z.string() }),
});

/** Multipart: fields worker_id, tag, device_id (optional), meta (JSON text), file_name, then the file. */
export const postResultEndpoint = endpoint({
  method: 'POST',
  path: '/worker/jobs/:id/results/',
  summary: 'Upload one result file of the job',
  tag: 'worker',
  auth: 'worker',
  params: idParams,
  multipart: true,
  response: z.object({ id: z.string() }),
});

export const completeJobEndpoint = endpoint({
  method: 'POST',
  path: '/worker/jobs/:id/complete/',
  summary: 'Finish a job (a processed trial becomes done; other kinds store their outcome)',
  tag: 'worker',
  auth: 'worker',
  params: idParams,
  body: z.object({
    worker_id: z.string(),
    message: z.string().max(500).optional(),
    /** Merged into the trial's meta (timings, calibration summary). */
    trial_meta: z.record(z.string(), z.unknown()).optional(),
  }),
  response: z.object({ ok: z.boolean() }),
});

export const failJobEndpoint = endpoint({
  method: 'POST',
  path: '/worker/jobs/:id/fail/',
  summary: 'Report a failed job: user words go to the trial, the detail to the log',
  tag: 'worker',
  auth: 'worker',
  params: idParams,
  body: z.object({
    worker_id: z.string(),
    /** Shown to the user (trial meta.error_msg). */
    user_message: z.string().max(1000),
    /** Developer detail (stack, step) for the server log. */
    detail: z.string().max(20000).optional(),
    /** False for errors in the input (board not found …) that another attempt cannot fix. */
    retryable: z.boolean(),
  }),
  response: z.object({ ok: z.boolean() }),
});
