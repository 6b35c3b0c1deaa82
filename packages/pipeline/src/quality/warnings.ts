/**
 * Every warning processing can give a user, in one place: a stable code, its parameters and the English text.
 * The worker stores them on the trial (`meta.warnings`, contract `processingWarning`), the CLI prints them, and
 * the web app renders each through its `quality` catalogue by code, the params filling the same `{{name}}`
 * placeholders (i18next syntax), falling back to `message`. Cameras are numbered from 1 in the trial's video
 * order (the server sorts videos by pairing order, so 'Camera 2' is the second phone paired).
 */
export interface ProcessingWarning {
  code: WarningCode;
  params: Record<string, string | number>;
  /** English text with the params filled in. */
  message: string;
}

export const WARNING_MESSAGES = {
  // Cameras left out of a trial (quality.cameras_left_out carries the same codes).
  camera_out_of_sync:
    "Camera {{camera}} was left out: its keypoints disagree with the other cameras' by {{px}} px at every time offset (another recording, a moved phone or a calibration that no longer fits).",
  camera_no_overlap:
    'Camera {{camera}} was left out: its video overlaps too little in time with the other videos.',
  camera_sync_contradiction:
    'Camera {{camera}} was left out: its time offset contradicts the other cameras by {{frames}} frames.',
  camera_no_subject: 'Camera {{camera}} was left out: the subject was not found in its video often enough.',
  camera_bad_for_scaling:
    "Camera {{camera}} was left out of the neutral pose: its view of the {{body_part}} disagreed with the other cameras' and the model could not be scaled with it.",
  camera_redetected:
    'Camera {{camera}} lost the subject; the subject was searched again where the other cameras saw them.',
  // Synchronisation of a movement trial.
  sync_low_motion_clock:
    'Camera {{camera}}: too little motion to refine its time offset; its clock was used.',
  sync_low_motion_no_clock:
    'Camera {{camera}}: too little motion to refine its time offset, and its video has no start time; no offset was used.',
  // Settings.
  filter_frequency_capped: 'Too large filter frequency. Using half the framerate ({{hz}} Hz) instead.',
  filter_frequency_invalid: 'Invalid filter frequency. Using default.',
  // Model and scaling.
  model_replaced:
    'The OpenSim model {{requested}} is not installed on this server; the built-in model {{used}} was used.',
  augmenter_missing:
    'The marker augmenter is not installed on this server; the built-in model {{used}} was used.',
  augmenter_replaced:
    'Marker augmenter {{requested}} is not installed on this server (PoseLab ships {{used}}; an operator may add other versions in MODELS_DIR); {{used}} was used.',
  keypoints_unsteady:
    'Keypoints too unsteady to scale the model: {{keypoints}}. Their markers were placed from the generic model.',
  // Fit of the model (soft limits; the hard limits end the trial in an error, see limits.ts).
  ik_marker_error_high:
    'The model fits the keypoints only to {{rms_mm}} mm on average (good trials: under {{limit_mm}} mm). Check that the calibration is current and that only the subject is in view.',
  coordinate_at_limit: '{{coordinate}} sits at its {{limit}} limit in {{frames_pct}} % of the frames.',
  reprojection_high:
    "Camera {{camera}}'s keypoints are {{px}} px from the 3D reconstruction on average (others: {{others_px}} px). Check that it did not move after calibration.",
} as const satisfies Record<string, string>;

export type WarningCode = keyof typeof WARNING_MESSAGES;

/** The template's text with `{{name}}` replaced by the params. */
export function fillTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function processingWarning(
  code: WarningCode,
  params: Record<string, string | number> = {},
): ProcessingWarning {
  return { code, params, message: fillTemplate(WARNING_MESSAGES[code], params) };
}

/**
 * The warnings with each `camera` param (1-based, in the order the pipeline got the cameras) replaced by the
 * user's camera number (`numbers[i]` for the i-th camera), messages refilled. The worker numbers cameras by
 * the trial's videos, some of which may come from uncalibrated phones and never reach the pipeline.
 */
export function renumberCameras(
  warnings: readonly ProcessingWarning[],
  numbers: readonly number[],
): ProcessingWarning[] {
  return warnings.map((w) => {
    const c = w.params.camera;
    if (typeof c !== 'number' || numbers[c - 1] === undefined) return w;
    return processingWarning(w.code, { ...w.params, camera: numbers[c - 1] });
  });
}
