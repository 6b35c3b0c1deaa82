/**
 * When a processed trial is only worth a warning and when it must not be shown as done. The hard limits end
 * the job in an error whose message says what to do; the soft ones add a warning to a trial that is done.
 *
 * Why these values (IK marker RMS, mm): on the Pose2Sim demo, 4 calibrated cameras, the neutral fits to about
 * 2 mm and the balancing trial to 17 mm; bench:ik's detector-like case (BlazePose-like offsets and 3 px noise)
 * fits to 10-15 mm. Before issue #14 the same demo gave 54 mm with implausible angles, and four fake phones
 * (a wrong calibration) 153 mm with shoulders at 262°: at 50 mm and above the model is not following the
 * subject and no angle can be trusted. A neutral is stricter because the subject stands still and every camera
 * sees every keypoint.
 */
import { processingWarning, type ProcessingWarning } from './warnings';
import type { QualityFigures } from './figures';

export const QUALITY_LIMITS = {
  neutral: { ikMarkerRmsWarnMm: 20, ikMarkerRmsErrorMm: 40 },
  trial: { ikMarkerRmsWarnMm: 30, ikMarkerRmsErrorMm: 50 },
  /** A coordinate pulled against its range limit in more than this share of the frames is reported. */
  coordinateAtLimitWarnPct: 5,
  /** A camera whose mean reprojection exceeds both this and `reprojectionWarnRatio` × the others' median. */
  reprojectionWarnPx: 20,
  reprojectionWarnRatio: 2,
} as const;

/** A trial that processing must not call done: `message` tells the user what to do. */
export class QualityError extends Error {
  constructor(
    readonly code: 'fit_too_poor',
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'QualityError';
  }
}

/**
 * Throws QualityError beyond the hard limits; returns the soft-limit warnings. `cameraNumbers[i]` is the camera
 * number (1-based, the pipeline's order) of `q.reprojection.per_camera[i]`, so that the warnings number cameras
 * like the pipeline's own (renumberCameras maps them all to the users' numbers); default: read from its name.
 */
export function checkQuality(
  kind: 'neutral' | 'trial',
  q: QualityFigures,
  cameraNumbers?: readonly number[],
): ProcessingWarning[] {
  const limits = QUALITY_LIMITS[kind];
  const warnings: ProcessingWarning[] = [];
  const rms = q.ik_marker_rms_mm;
  if (rms !== null && rms > limits.ikMarkerRmsErrorMm) {
    const worst = q.ik_marker_worst
      .slice(0, 3)
      .map((m) => `${m.marker} ${m.rms_mm.toFixed(0)} mm`)
      .join(', ');
    throw new QualityError(
      'fit_too_poor',
      kind === 'neutral'
        ? `The model could not be fitted to the neutral pose: its markers are ${rms.toFixed(0)} mm from the keypoints on average (at most ${limits.ikMarkerRmsErrorMm} mm is usable; worst ${worst}). Make sure the calibration is current (no phone moved), that only the subject is in view and fully visible in every camera, and record the neutral pose again.`
        : `The joint angles of this trial cannot be trusted: the model's markers are ${rms.toFixed(0)} mm from the keypoints on average (at most ${limits.ikMarkerRmsErrorMm} mm is usable; worst ${worst}). Make sure the calibration is current (no phone moved since), that only the subject is in view and fully visible in every camera, and that the neutral pose of this session was recorded with the same cameras; then record the trial again.`,
      `IK marker RMS ${rms} mm > ${limits.ikMarkerRmsErrorMm} mm; worst markers ${worst}`,
    );
  }
  if (rms !== null && rms > limits.ikMarkerRmsWarnMm)
    warnings.push(
      processingWarning('ik_marker_error_high', {
        rms_mm: Math.round(rms),
        limit_mm: limits.ikMarkerRmsWarnMm,
      }),
    );
  // A neutral is the reference pose: straight knees and elbows resting at 0° are what it should show.
  for (const c of kind === 'trial' ? q.coordinates_at_limit : []) {
    if (c.frames_pct > QUALITY_LIMITS.coordinateAtLimitWarnPct)
      warnings.push(
        processingWarning('coordinate_at_limit', {
          coordinate: c.coordinate,
          limit: c.limit,
          frames_pct: c.frames_pct,
        }),
      );
  }
  const cams = q.reprojection?.per_camera ?? [];
  for (const [i, c] of cams.entries()) {
    const others = cams.filter((o) => o !== c).map((o) => o.mean_px);
    if (others.length === 0) continue;
    others.sort((a, b) => a - b);
    const median = others[others.length >> 1];
    if (
      c.mean_px > QUALITY_LIMITS.reprojectionWarnPx &&
      c.mean_px > QUALITY_LIMITS.reprojectionWarnRatio * median
    )
      warnings.push(
        processingWarning('reprojection_high', {
          camera: cameraNumbers?.[i] ?? (Number(c.camera.replace(/\D+/g, '')) || c.camera),
          px: Math.round(c.mean_px),
          others_px: Math.round(median),
        }),
      );
  }
  return warnings;
}
