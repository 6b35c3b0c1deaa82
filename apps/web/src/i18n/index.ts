import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ANALYSIS_CATALOGUE_NAMESPACE, loadAnalysisCatalogue } from './analysis-catalogue';
import { englishResources, loadCatalog, NAMESPACES } from './catalogs';
import { initialLanguage, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language';
import { localizeInterpolatedNumbers } from './numbers';

export { LANGUAGES, initialLanguage, isLanguage, type Language } from './language';

/**
 * Loads a language's namespaces that are not bundled (every language but English, and the analysis catalogue in
 * every language) as the UI needs them.
 */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    if (!isLanguage(lng)) return callback(null, {});
    const load = ns === ANALYSIS_CATALOGUE_NAMESPACE ? loadAnalysisCatalogue(lng) : loadCatalog(lng, ns);
    load.then(
      (catalog) => callback(null, catalog),
      (err: Error) => callback(err, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Resolves once the first language's catalogues are there; the app renders after it (no flash of English). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    resources: { en: englishResources },
    // English is bundled; other languages come from the backend above.
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'de'],
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    // Every placeholder goes through the format call: numbers come out in the UI language's writing (numbers.ts).
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
localizeInterpolatedNumbers(i18n);
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

function syncDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the UI language and remembers it for the next visit (the profile's choice, or a visitor's). */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The language the UI shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
