import { i18n } from '../../i18n';
import { ANALYSIS_CATALOGUE_NAMESPACE, addAnalysisCatalogue } from '../../i18n/analysis-catalogue';

/**
 * The analysis catalogue as the i18next namespace `analysis-functions`. i18n/index.ts registers it at start for
 * every feature; calling this again is harmless (tests that build their own setup may call it).
 */
export function registerAnalysisCatalogue(): void {
  addAnalysisCatalogue(i18n);
}

export { ANALYSIS_CATALOGUE_NAMESPACE };
