import type { ProcessingWarning, Trial } from '@poselab/contract';
import type { i18n as I18n } from 'i18next';

export const QUALITY_NS = 'quality';

/** Names of the {{placeholders}} of a catalogue text ('{{px, number(…)}}' → 'px'). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]);
}

/**
 * A processing warning in the user's language: the `quality` catalogue's text for its code, filled with its
 * params. The stored English message is shown instead when the catalogue does not know the code or when the
 * params lack a value its text needs (a worker newer or older than this web app), so nothing reads '{{camera}}'.
 */
export function warningText(i18n: I18n, w: ProcessingWarning): string {
  const key = `codes.${w.code}`;
  const template =
    i18n.getResource(i18n.language, QUALITY_NS, key) ?? i18n.getResource('en', QUALITY_NS, key);
  if (typeof template !== 'string') return w.message;
  const params = w.params ?? {};
  if (!placeholders(template).every((p) => params[p] !== undefined && params[p] !== '')) return w.message;
  // A range limit named 'min' or 'max' reads as a word of the user's language.
  const limit =
    params.limit === 'min' || params.limit === 'max'
      ? i18n.t(`panel.limit.${params.limit}`, { ns: QUALITY_NS })
      : params.limit;
  return i18n.t(key, { ...params, ...(limit === undefined ? {} : { limit }), ns: QUALITY_NS });
}

/** The warnings stored with a trial (none for trials processed before warnings were kept). */
export function trialWarnings(t: Pick<Trial, 'meta'>): ProcessingWarning[] {
  return t.meta.warnings ?? [];
}

/** SPEC status 'done' plus stored warnings: the list shows 'Done with warnings'. */
export function isDoneWithWarnings(t: Pick<Trial, 'status' | 'meta'>): boolean {
  return t.status === 'done' && trialWarnings(t).length > 0;
}
