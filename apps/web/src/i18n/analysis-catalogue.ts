import type { i18n as I18n } from 'i18next';
import type { Catalog } from './contract-matcher';
import { LANGUAGES } from './language';

/**
 * The analysis catalogue (packages/analysis: function titles, descriptions, info, metric labels, result
 * summaries, failure messages) as the i18next namespace `analysis-functions`, for every feature that shows
 * analysis texts (the Advanced Analysis dialog, the analysis dashboards, the session list's Dashboards menu).
 * It is a package's catalogue, not a locales/ file: i18n/index.ts's backend loads it on demand in either
 * language like the other lazy catalogues, so pages that name the namespace in useTranslation get it and the
 * first page does not carry it. (The name equals packages/analysis ANALYSIS_CATALOGUE_NAMESPACE; a test checks.)
 */
export const ANALYSIS_CATALOGUE_NAMESPACE = 'analysis-functions';

/** The catalogue in one language: a dynamic import of the package's JSON alone (no code comes with it). */
export async function loadAnalysisCatalogue(lang: string): Promise<Catalog> {
  const file =
    lang === 'de'
      ? await import('@poselab/analysis/catalogue/de.json')
      : await import('@poselab/analysis/catalogue/en.json');
  return file.default as Catalog;
}

/** Adds the catalogue in every language at once (code that imports the analysis package anyway). */
export async function addAnalysisCatalogue(i18n: I18n): Promise<void> {
  for (const lang of LANGUAGES)
    if (!i18n.hasResourceBundle(lang, ANALYSIS_CATALOGUE_NAMESPACE))
      i18n.addResourceBundle(lang, ANALYSIS_CATALOGUE_NAMESPACE, await loadAnalysisCatalogue(lang));
}
