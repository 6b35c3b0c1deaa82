import {
  CALIBRATION_REPORT_TAG,
  calibrationReport,
  type CalibrationReport,
  type ProcessingWarning,
  type Trial,
} from '@poselab/contract';
import type { TFunction } from 'i18next';
import { formatNumber as formatLocal } from '../../i18n/format';
import { isLanguage } from '../../i18n';

/** What the Calibration step shows after processing: the report and each camera's image. */
export interface CalibrationView {
  trialId: string;
  status: Trial['status'];
  /** The per-camera report (null for calibrations processed before reports existed). */
  report: CalibrationReport | null;
  /** Calibration image URL by device id. */
  images: Record<string, string>;
  /** The trial's error text (refused calibrations). */
  error: string | null;
}

export function calibrationViewOf(trial: Trial): CalibrationView {
  const rep = trial.results.find((r) => r.tag === CALIBRATION_REPORT_TAG);
  const parsed = rep?.meta ? calibrationReport.safeParse(rep.meta) : null;
  const images: Record<string, string> = {};
  for (const r of trial.results)
    if (r.tag === 'calibration-img' && r.device_id && r.media) images[r.device_id] = r.media;
  return {
    trialId: trial.id,
    status: trial.status,
    report: parsed?.success ? parsed.data : null,
    images,
    error: trial.status === 'error' ? (trial.meta.error_msg ?? null) : null,
  };
}

/** The newest calibration trial of a session (not trashed), if any. */
export function latestCalibration(trials: Trial[]): Trial | null {
  const cal = trials
    .filter((t) => t.name === 'calibration' && !t.trashed)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return cal[0] ?? null;
}

/** Numbers in the user's language (1.5 / 1,5) with `digits` decimals (i18n/format.ts). */
export function formatNumber(lang: string, v: number, digits: number): string {
  return formatLocal(
    v,
    { maximumFractionDigits: digits, minimumFractionDigits: digits },
    isLanguage(lang) ? lang : undefined,
  );
}

/**
 * A coded calibration message in the user's language: the `calibration` catalogue's `issues.<code>` text
 * (a variant per param where the words differ), with numbers formatted; the English message otherwise.
 */
export function issueText(t: TFunction, lang: string, issue: ProcessingWarning): string {
  const p = issue.params;
  const num = (k: string, digits: number) =>
    typeof p[k] === 'number' ? formatNumber(lang, p[k] as number, digits) : String(p[k] ?? '');
  let key = `issues.${issue.code}`;
  const values: Record<string, string | number> = { ...p };
  switch (issue.code) {
    case 'board_seen_apart': {
      const others = String(p.others ?? '');
      key += `.${p.when === 'before' ? 'before' : 'after'}_${others.includes(',') ? 'others' : 'one'}`;
      values.seconds = num('seconds', 1);
      break;
    }
    case 'placement_mismatch':
      key += `.${p.chosen === 'Lying' ? 'Lying' : 'Perpendicular'}`;
      break;
    case 'too_few_cameras':
      values.count = Number(p.calibrated ?? 0);
      key += values.count === 0 ? '.none' : '.some';
      break;
    case 'too_few_views':
      values.count = Number(p.views ?? 0);
      break;
    case 'board_too_small':
      values.square_px = num('square_px', 1);
      break;
    case 'camera_too_far':
      values.m = num('m', 1);
      break;
    case 'camera_too_close_to_board':
    case 'camera_below_floor':
      values.m = num('m', 2);
      break;
  }
  return t(key, { ...values, defaultValue: issue.message });
}
