/**
 * The translation catalogues: one JSON file per namespace and language under locales/<lang>/<namespace>.json.
 * English is the source; every German file must hold the same keys (catalogs.test.ts checks it). A feature
 * keeps its strings in its own namespace so that work on different features never edits the same file.
 */
import type { Catalog } from './contract-matcher';
import { LANGUAGES, type Language } from './language';

export { LANGUAGES, isLanguage, type Language } from './language';
export type { Catalog } from './contract-matcher';

const files = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<Language, Record<string, Catalog>> = { en: {}, de: {} };
for (const [path, catalog] of Object.entries(files)) {
  const match = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const lang = match[1] as Language;
  if (!(LANGUAGES as readonly string[]).includes(lang)) continue;
  resources[lang][match[2]] = catalog;
}

export const NAMESPACES = Object.keys(resources.en).sort();
