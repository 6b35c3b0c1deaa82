import type { i18n as I18n } from 'i18next';
import { ANALYSIS_CATALOGUE_NAMESPACE, analysisCatalogue } from '@poselab/analysis/browser';
import { LANGUAGES } from './language';

export { ANALYSIS_CATALOGUE_NAMESPACE };

/**
 * Adds the analysis catalogue (packages/analysis: function titles, descriptions, info, metric labels, result
 * summaries, failure messages) as the namespace `analysis-functions`. It is a package's catalogue, not a
 * locales/ file, so i18n/index.ts adds it once at start for every feature that shows analysis texts (the
 * Advanced Analysis dialog, the analysis dashboards, the session list's Dashboards menu).
 */
export function addAnalysisCatalogue(i18n: I18n): void {
  for (const lang of LANGUAGES)
    if (!i18n.hasResourceBundle(lang, ANALYSIS_CATALOGUE_NAMESPACE))
      i18n.addResourceBundle(lang, ANALYSIS_CATALOGUE_NAMESPACE, analysisCatalogue(lang));
}
