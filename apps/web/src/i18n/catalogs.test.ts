import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadAllCatalogs, NAMESPACES, type Catalog } from './catalogs';
import { initialLanguage } from './index';

/** Flattens a catalogue to dotted keys with their strings. */
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** i18next plural forms differ by language only in their suffixes: compare the base keys. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const resources = await loadAllCatalogs();

describe('translation catalogues', () => {
  it('has English namespaces', () => {
    expect(NAMESPACES.length).toBeGreaterThan(0);
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every language has exactly the English keys, with the same {{variables}}`, () => {
      const en = flatten(resources.en[ns]);
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const other = resources[lang][ns];
        expect(other, `locales/${lang}/${ns}.json is missing`).toBeDefined();
        const tr = flatten(other);
        const enBases = new Set([...en.keys()].map(base));
        const trBases = new Set([...tr.keys()].map(base));
        expect(
          [...enBases].filter((k) => !trBases.has(k)),
          `keys missing in ${lang}/${ns}`,
        ).toEqual([]);
        expect(
          [...trBases].filter((k) => !enBases.has(k)),
          `keys only in ${lang}/${ns}`,
        ).toEqual([]);
        for (const [key, text] of tr) {
          const source = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key));
          if (source === undefined) continue;
          expect(variables(text), `${lang}/${ns}:${key}`).toEqual(variables(source));
          expect(text.trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
        }
      }
    });
  }
});

describe('initialLanguage', () => {
  it('prefers the stored choice, then the browser, then English', () => {
    expect(initialLanguage('de', ['en-US'])).toBe('de');
    expect(initialLanguage(null, ['fr-FR', 'de-AT'])).toBe('de');
    expect(initialLanguage('xx', ['fr'])).toBe('en');
  });
});
