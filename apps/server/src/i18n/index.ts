import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';

/**
 * Server-side texts a user reads (e-mails, reports, messages stored for the web app) in the user's language.
 * Catalogues: locales/<lang>/<namespace>.json, English the source, German with the same keys
 * (i18n.test.ts). The web app has its own catalogues (apps/web/src/i18n) for what it renders itself.
 */
export const SERVER_LANGUAGES = ['en', 'de'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export type Catalog = { [key: string]: string | Catalog };

const localesDir = join(import.meta.dirname, 'locales');

function loadCatalogs(): Record<ServerLanguage, Record<string, Catalog>> {
  const out: Record<ServerLanguage, Record<string, Catalog>> = { en: {}, de: {} };
  for (const lang of SERVER_LANGUAGES) {
    for (const file of readdirSync(join(localesDir, lang))) {
      if (!file.endsWith('.json')) continue;
      out[lang][file.slice(0, -5)] = JSON.parse(
        readFileSync(join(localesDir, lang, file), 'utf8'),
      ) as Catalog;
    }
  }
  return out;
}

export const serverCatalogs = loadCatalogs();

const instance = i18next.createInstance();
void instance.init({
  resources: serverCatalogs,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...SERVER_LANGUAGES],
  ns: Object.keys(serverCatalogs.en),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A user's stored language (profile 'language'), or English for anything else. */
export function serverLanguage(value: unknown): ServerLanguage {
  return value === 'de' ? 'de' : 'en';
}

/** A translate function fixed to one language (and optionally one namespace). */
export function translator(lang: unknown, ns?: string): TFunction {
  return instance.getFixedT(serverLanguage(lang), ns);
}
