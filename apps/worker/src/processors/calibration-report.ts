import type { RigCameraResult, RigResult } from '@poselab/pipeline';
import type {
  CalibrationReport,
  CameraCalibrationResult,
  CheckerboardSettings,
  JobVideo,
  ProcessingWarning,
} from '@poselab/contract';

const round = (v: number | undefined, digits: number): number | null =>
  v === undefined || !Number.isFinite(v) ? null : Number(v.toFixed(digits));

/** 'cameras 1 and 2 disagree …' → 'Cameras 1 and 2 disagree ….' (user words for the trial's error). */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const s = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** The per-camera report of a calibration (stored as the 'calibration-report' result, done or failed). */
export function calibrationReportOf(
  rig: RigResult,
  videos: JobVideo[],
  placement: 'Perpendicular' | 'Lying',
  recalibratedFrom: string | null,
): CalibrationReport {
  return {
    ok: rig.ok,
    message: rig.ok ? rig.message : sentence(rig.issues[0]?.message ?? rig.message),
    n_calibrated: rig.ok ? rig.calibratedCount : 0,
    placement,
    height_reference: placement === 'Lying' ? 'floor' : 'board_corner',
    board_tilt_deg: round(rig.placement.boardTiltDeg, 1),
    timing: rig.timing,
    issues: rig.issues,
    cameras: rig.perCamera.map((r, i) => cameraReport(r, videos[i], i + 1, rig)),
    recalibrated_from: recalibratedFrom,
  };
}

function cameraReport(r: RigCameraResult, video: JobVideo, number: number, rig: RigResult) {
  const camera = r.ok ? (rig.cameras.find((c) => c.name === r.name) ?? null) : null;
  return {
    device_id: video.device_id,
    device_name: video.device_name,
    number,
    ok: r.ok,
    kept: r.kept ?? false,
    issues: r.issues,
    frames_searched: r.framesSearched,
    frames_with_board: r.framesWithBoard,
    intrinsics_source: r.intrinsicsSource ?? null,
    reprojection_error_px: round(r.extrinsicsRmsPx, 3),
    height_m: round(r.heightM, 3),
    distance_to_board_m: round(r.distanceToBoardM, 3),
    agreement_m: round(r.agreementM, 4),
    agreement_px: round(r.agreementPx, 2),
    board_window_s: r.boardWindowSec
      ? ([round(r.boardWindowSec[0], 2)!, round(r.boardWindowSec[1], 2)!] as [number, number])
      : null,
    camera,
  };
}

/**
 * The session's calibration (the 'camera-calibration' result) from a successful rig: every calibrated camera
 * with its phone and figures. Cameras kept from an earlier calibration keep that calibration's entry.
 */
export function cameraCalibrationOf(
  rig: RigResult,
  videos: JobVideo[],
  checkerboard: CheckerboardSettings,
  base: CameraCalibrationResult | null,
  now: string,
): CameraCalibrationResult {
  const cameras: CameraCalibrationResult['cameras'] = [];
  rig.perCamera.forEach((r, i) => {
    if (!r.ok) return;
    const video = videos[i];
    const kept = r.kept ? base?.cameras.find((c) => c.device_id === video.device_id) : undefined;
    if (kept) {
      cameras.push(kept);
      return;
    }
    const camera = rig.cameras.find((c) => c.name === r.name);
    if (!camera) return;
    cameras.push({
      device_id: video.device_id,
      camera,
      reprojection_error_px: round(r.extrinsicsRmsPx, 3),
      alternative_extrinsics: r.alternativeExtrinsics ?? null,
      height_m: round(r.heightM, 3),
      distance_to_board_m: round(r.distanceToBoardM, 3),
      agreement_m: round(r.agreementM, 4),
    });
  });
  return { source: 'recorded', cameras, checkerboard, created_at: now };
}

/**
 * A camera as users know it: a phone paired as 'Camera 2' is Camera 2 whatever the order its video came in
 * (issue #20); another device name goes beside the video's number.
 */
function cameraLabel(c: { number: number; device_name: string }): string {
  return /^Camera \d+$/.test(c.device_name) ? c.device_name : `Camera ${c.number} (${c.device_name})`;
}

/** The user's words for a refused calibration: the reason of the whole, then each refused camera's. */
export function refusalText(report: CalibrationReport): string {
  const parts: string[] = report.issues.map((i) => sentence(i.message));
  for (const c of report.cameras)
    if (!c.ok && c.issues[0]) parts.push(`${cameraLabel(c)}: ${sentence(c.issues[0].message)}`);
  const text = parts.join(' ');
  // The trial's error text is limited (worker protocol: 1000 characters).
  return text.length > 990 ? `${text.slice(0, 987)}…` : text;
}

/** Warnings of a calibration that succeeded with some cameras refused (the trial's meta.warnings). */
export function refusedCameraWarnings(report: CalibrationReport): ProcessingWarning[] {
  return report.cameras.flatMap((c) => (c.ok ? [] : c.issues.slice(0, 1)));
}
