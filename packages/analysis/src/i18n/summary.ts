import type { AnalysisResult } from '@poselab/contract';
import { catalogueEntry, interpolate } from './catalogue';

interface StoredSummary {
  key: string;
  params: Record<string, string | number>;
}

function storedSummary(details: Record<string, unknown>): StoredSummary | null {
  const s = details.summary as Partial<StoredSummary> | undefined;
  return s && typeof s.key === 'string' && s.params && typeof s.params === 'object'
    ? { key: s.key, params: s.params }
    : null;
}

/** A number as `lang` writes it (decimal comma in German), with at most the decimals it was stored with. */
function localNumber(lang: string, v: number): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    maximumFractionDigits: 3,
    useGrouping: false,
  }).format(v);
}

/**
 * A result's summary (its info text) in `lang`: the catalogue text at the stored summary key with the stored
 * parameters, numbers written the language's way and the squat types named in the language (results keep
 * `details.types`). Results without a stored summary, or with a key the catalogue lacks, give their English
 * info_text.
 */
export function analysisSummary(lang: string, result: Pick<AnalysisResult, 'info_text' | 'details'>): string {
  const summary = storedSummary(result.details ?? {});
  const template = summary ? catalogueEntry(lang, summary.key) : undefined;
  if (!summary || template === undefined) return result.info_text;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(summary.params))
    params[k] = typeof v === 'number' ? localNumber(lang, v) : v;
  const types = result.details?.types;
  if (types && typeof types === 'object' && 'types' in summary.params) {
    params.types = Object.entries(types as Record<string, number>)
      .map(([type, n]) => `${n} × ${catalogueEntry(lang, `squat_types.${type}`) ?? type}`)
      .join(', ');
  }
  return interpolate(template, params);
}
