/**
 * The translation catalogues: one JSON file per namespace and language under locales/<lang>/<namespace>.json.
 * English is the source; every German file must hold the same keys (catalogs.test.ts checks it). A feature
 * keeps its strings in its own namespace so that work on different features never edits the same file.
 *
 * English is bundled with the app (the fallback, and the language most visitors start in); every other language
 * loads on demand (one small chunk per namespace), so the first page does not carry every language.
 */
import type { Catalog } from './contract-matcher';
import { LANGUAGES, type Language } from './language';

export { LANGUAGES, isLanguage, type Language } from './language';
export type { Catalog } from './contract-matcher';

const NAME = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/;

const englishFiles = import.meta.glob<Catalog>('./locales/en/*.json', { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<Catalog>('./locales/*/*.json', { import: 'default' });

/** The English catalogues by namespace. */
export const englishResources: Record<string, Catalog> = {};
for (const [path, catalog] of Object.entries(englishFiles)) {
  const m = NAME.exec(path);
  if (m) englishResources[m[2]] = catalog;
}

export const NAMESPACES = Object.keys(englishResources).sort();

/** One namespace of a language (a dynamic import; English comes from the bundle). */
export async function loadCatalog(lang: Language, ns: string): Promise<Catalog> {
  if (lang === 'en' && englishResources[ns]) return englishResources[ns];
  const load = lazyFiles[`./locales/${lang}/${ns}.json`];
  if (!load) throw new Error(`No catalogue ${lang}/${ns}`);
  return load();
}

/** Every language's catalogues, loaded (tests compare them key by key). */
export async function loadAllCatalogs(): Promise<Record<Language, Record<string, Catalog>>> {
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, {}])) as Record<Language, Record<string, Catalog>>;
  for (const [path, load] of Object.entries(lazyFiles)) {
    const m = NAME.exec(path);
    if (m && (LANGUAGES as readonly string[]).includes(m[1])) out[m[1] as Language][m[2]] = await load();
  }
  return out;
}
