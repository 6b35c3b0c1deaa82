import { z } from 'zod';
import { endpoint } from './endpoint';
import { cameraModelSchema } from './processing';
import { processingWarning } from './quality';

/**
 * Calibration a user can trust (issue #15): what the calibration of each camera gave or why it was refused,
 * and the explicit mapping of imported cameras to paired phones.
 */

/** Where a lens came from: a stored phone profile, board views, the recording alone, an earlier calibration. */
export const intrinsicsSource = z.enum(['profile', 'board-views', 'estimated', 'kept', 'imported']);
export type IntrinsicsSourceName = z.infer<typeof intrinsicsSource>;

/**
 * One camera of a recorded calibration, calibrated or refused. Figures are null where they do not exist (a
 * refused camera, a camera kept from an earlier calibration that did not see the board this time).
 * `issues` say why the camera was refused, each a coded message (code, params, English text) that the web app
 * renders through its `calibration` catalogue.
 */
export const calibrationCameraReport = z.object({
  device_id: z.string(),
  device_name: z.string(),
  /** 1-based, pairing order: 'camera 2' is the second phone paired. */
  number: z.number().int().positive(),
  ok: z.boolean(),
  /** Kept from the earlier calibration while other cameras were re-recorded. */
  kept: z.boolean().default(false),
  issues: z.array(processingWarning),
  frames_searched: z.number().int().nonnegative(),
  frames_with_board: z.number().int().nonnegative(),
  intrinsics_source: intrinsicsSource.nullable(),
  /** RMS distance between the detected corners and the board reprojected by the calibration (pixels). */
  reprojection_error_px: z.number().nullable(),
  /** Height of the camera above the floor (Lying) or above the board's first inner corner (Perpendicular). */
  height_m: z.number().nullable(),
  distance_to_board_m: z.number().nullable(),
  /**
   * Worst disagreement with another camera on where the board was, over the other moments both saw it still
   * (metres, mean over the corners); null when the board was seen still at one place only.
   */
  agreement_m: z.number().nullable(),
  /** The same, as the board placed by another camera reprojected into this one (RMS pixels). */
  agreement_px: z.number().nullable(),
  /** When the board was seen still for the extrinsics (seconds from the start of the recording). */
  board_window_s: z.tuple([z.number(), z.number()]).nullable(),
  /** The calibrated camera (world frame), kept so that another camera can be re-recorded through it. */
  camera: cameraModelSchema.nullable(),
});
export type CalibrationCameraReport = z.infer<typeof calibrationCameraReport>;

/**
 * The 'calibration-report' result of every recorded calibration trial, done or failed (JSON copied into the
 * result row's meta); the trial's 'calibration-img' results (one per device) are the pictures of the same
 * cameras. 'N devices calibrated successfully.' only when `ok`.
 */
export const CALIBRATION_REPORT_TAG = 'calibration-report';
export const calibrationReport = z.object({
  ok: z.boolean(),
  /** English summary: 'N devices calibrated successfully.' or the first reason. */
  message: z.string(),
  n_calibrated: z.number().int().nonnegative(),
  placement: z.enum(['Perpendicular', 'Lying']),
  /** What `height_m` is measured from. */
  height_reference: z.enum(['floor', 'board_corner']),
  /** The board's face against the floor as measured (0 flat, 90 upright); null when not measured. */
  board_tilt_deg: z.number().nullable(),
  /** Whether the phones' clocks allowed checking that the cameras saw the board at the same time. */
  timing: z.enum(['checked', 'unchecked']),
  /** Why the calibration as a whole was refused (placement, too few cameras). */
  issues: z.array(processingWarning),
  cameras: z.array(calibrationCameraReport),
  /** When some cameras were re-recorded: the calibration trial whose other cameras were kept. */
  recalibrated_from: z.string().nullable().default(null),
});
export type CalibrationReport = z.infer<typeof calibrationReport>;

// ---------------------------------------------------------------------------------------------------------------
// Imported calibrations: each imported camera is assigned to a paired phone, explicitly.

export const importedCamera = z.object({
  /** Position in the file. */
  index: z.number().int().nonnegative(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
});
export const pairedDevice = z.object({
  id: z.string(),
  name: z.string(),
  /** 1-based pairing order ('camera 2' is the second phone paired). */
  number: z.number().int().positive(),
});

/** For each imported camera (file order) the id of its phone, or null when it is not used. */
export const importCalibrationMapping = z.array(z.string().min(1).max(100).nullable()).max(64);
export type ImportCalibrationMapping = z.infer<typeof importCalibrationMapping>;

export const importCalibrationPreview = z.object({
  source: z.enum(['qualisys', 'toml']),
  cameras: z.array(importedCamera),
  devices: z.array(pairedDevice),
  /** The proposal: a camera named like a phone takes it, the others take the free phones in pairing order. */
  mapping: importCalibrationMapping,
});
export type ImportCalibrationPreview = z.infer<typeof importCalibrationPreview>;

export const importCalibrationPreviewEndpoint = endpoint({
  method: 'POST',
  path: '/sessions/:id/import_calibration/preview/',
  summary:
    'Read a calibration file (multipart field "file") without storing it: its cameras, the paired phones and the proposed assignment',
  tag: 'processing',
  auth: 'user',
  params: z.object({ id: z.string().min(1) }),
  multipart: true,
  response: importCalibrationPreview,
});

/** Message of an import: how many of the file's cameras were assigned to phones. */
export const importAssignedMessage = (assigned: number, total: number) =>
  `${assigned} of ${total} cameras assigned.`;
