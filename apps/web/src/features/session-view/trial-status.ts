import type { Trial } from '@poselab/contract';
import { i18n } from '../../i18n';
import { localizeMessage } from '../../i18n/contract-messages';

/** SPEC §8 trial status hover text for failed trials. */
export const trialErrorHover = () => i18n.t('session:trialErrorHover');

/** Special trials (SPEC §3): the neutral pose trial and the calibration trial. */
export const isNeutral = (t: Pick<Trial, 'name'>) => t.name === 'neutral';
export const isCalibration = (t: Pick<Trial, 'name'>) => t.name === 'calibration';

/** What the list shows for a status (stopped means uploading until every video is present, then queued). */
export function statusLabel(t: Pick<Trial, 'status' | 'progress_info'>): string {
  switch (t.status) {
    case 'processing':
      return t.progress_info.percent !== null
        ? i18n.t('session:status.processingPercent', { percent: Math.round(t.progress_info.percent) })
        : i18n.t('session:status.processing');
    default:
      return i18n.t(`session:status.${t.status}`);
  }
}

export function statusColor(status: Trial['status']): 'success' | 'error' | 'info' | 'warning' | 'default' {
  if (status === 'done') return 'success';
  if (status === 'error') return 'error';
  if (status === 'recording') return 'warning';
  return 'info';
}

/** The server's error message for a failed trial (contract texts in the UI language), or the fallback (SPEC §8). */
export function trialErrorText(t: Pick<Trial, 'meta'>): string {
  return t.meta.error_msg ? localizeMessage(t.meta.error_msg) : i18n.t('session:trialErrorFallback');
}

/** Result of a tag, e.g. 'visualizerTransforms-json'. */
export function resultOf(t: Pick<Trial, 'results'>, tag: string) {
  return t.results.find((r) => r.tag === tag && r.media);
}

/** Trials the 3D viewer can show: processed, with visualizer transforms. */
export function isViewable(t: Trial): boolean {
  return !t.trashed && Boolean(resultOf(t, 'visualizerTransforms-json'));
}

/** SPEC §5: rename needs a name unique among the session's trials; the trial's own name is ignored. */
export function isDuplicateTrialName(
  name: string,
  trial: Pick<Trial, 'id'>,
  trials: Pick<Trial, 'id' | 'name'>[],
): boolean {
  const n = name.trim();
  return trials.some((t) => t.id !== trial.id && t.name === n);
}
