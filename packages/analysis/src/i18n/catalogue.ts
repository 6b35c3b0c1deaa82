import de from './de.json';
import en from './en.json';

/**
 * The analysis catalogue: every user-visible text of the analysis functions (titles, descriptions, info,
 * metric/amplitude/value/quantity labels, menu entries, result summaries and failure messages), in English and
 * German, in one place. The web app registers it as the i18next namespace `analysis-functions`; the server's
 * reports read it through `analysisText`. Results store the English text as a fallback next to stable keys.
 */
export const ANALYSIS_LANGUAGES = ['en', 'de'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

export type AnalysisCatalogue = typeof en;
/** i18next namespace the web app registers the catalogue under. */
export const ANALYSIS_CATALOGUE_NAMESPACE = 'analysis-functions';

const catalogues: Record<AnalysisLanguage, AnalysisCatalogue> = { en, de };

export function analysisCatalogue(lang: string): AnalysisCatalogue {
  return lang === 'de' ? catalogues.de : catalogues.en;
}

/** The string at a dotted key ('metrics.gait_speed.label'), or undefined. */
export function catalogueEntry(lang: string, key: string): string | undefined {
  let node: unknown = analysisCatalogue(lang);
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills i18next-style '{{name}}' placeholders. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    params[name] === undefined ? m : String(params[name]),
  );
}

/** A catalogue text in `lang` (English when missing there), with its placeholders filled. */
export function analysisText(lang: string, key: string, params?: Record<string, string | number>): string {
  const text = catalogueEntry(lang, key) ?? catalogueEntry('en', key);
  if (text === undefined) throw new Error(`analysis catalogue has no '${key}'`);
  return interpolate(text, params);
}
