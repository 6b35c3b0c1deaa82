import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, resources } from './catalogs';
import { initialLanguage, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language';

export { LANGUAGES, initialLanguage, isLanguage, type Language } from './language';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'de'],
  ns: NAMESPACES,
  defaultNS: 'common',
  // Resources are bundled: initialise synchronously so the first render is already translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
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
