import { ANALYSIS_CATALOGUE_NAMESPACE, analysisCatalogue } from '@poselab/analysis/browser';
import { i18n, LANGUAGES } from '../../i18n';

/**
 * Registers the analysis catalogue (packages/analysis: function titles, descriptions, info, metric labels,
 * failure messages) as the i18next namespace `analysis-functions`, once. The Advanced Analysis dialog calls it;
 * the analysis dashboards and anything else that shows analysis texts call it too.
 */
export function registerAnalysisCatalogue(): void {
  for (const lang of LANGUAGES)
    if (!i18n.hasResourceBundle(lang, ANALYSIS_CATALOGUE_NAMESPACE))
      i18n.addResourceBundle(lang, ANALYSIS_CATALOGUE_NAMESPACE, analysisCatalogue(lang));
}

export { ANALYSIS_CATALOGUE_NAMESPACE };
