import {
  ANALYSIS_CATALOGUE_NAMESPACE as PACKAGE_NAMESPACE,
  analysisCatalogue,
} from '@poselab/analysis/browser';
import { i18n, LANGUAGES } from '../../i18n';
import { ANALYSIS_CATALOGUE_NAMESPACE } from '../../i18n/analysis-catalogue';

/**
 * Adds the analysis catalogue at once (this feature imports the analysis package anyway), so the dialog's first
 * render has it; elsewhere i18n/index.ts's backend loads the namespace on demand.
 */
export function registerAnalysisCatalogue(): void {
  for (const lang of LANGUAGES)
    if (!i18n.hasResourceBundle(lang, PACKAGE_NAMESPACE))
      i18n.addResourceBundle(lang, PACKAGE_NAMESPACE, analysisCatalogue(lang));
}

export { ANALYSIS_CATALOGUE_NAMESPACE };
