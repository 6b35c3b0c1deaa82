import i18next from 'i18next';
import deCapture from '../i18n/locales/de/capture.json';
import deContract from '../i18n/locales/de/contract.json';
import enCapture from '../i18n/locales/en/capture.json';
import enContract from '../i18n/locales/en/contract.json';
import { createMessageMatcher, localizeWith } from '../i18n/contract-matcher';
import { initialLanguage } from '../i18n/language';

/**
 * The phone page's own small i18next instance: only the `capture` namespace (and `contract`, for texts the
 * server sends), so the page stays a small bundle without the researcher app's catalogues. The phone's
 * browser language decides (or a language chosen before in this browser).
 */
export const captureI18n = i18next.createInstance();
void captureI18n.init({
  resources: {
    en: { capture: enCapture, contract: enContract },
    de: { capture: deCapture, contract: deContract },
  },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'de'],
  ns: ['capture', 'contract'],
  defaultNS: 'capture',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export const t = captureI18n.t.bind(captureI18n);

if (typeof document !== 'undefined') {
  document.documentElement.lang = captureI18n.language;
  document.title = t('title');
}

const match = createMessageMatcher(enContract);

/** Texts of the contract the server sends (pairing refusals, errors) in the phone's language. */
export const localizeMessage = (text: string | null | undefined) =>
  localizeWith(match, (key, params) => t(key, params), text);
