import { describe, expect, it } from 'vitest';
import { serverCatalogs, translator, type Catalog } from './index';

function keys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('server catalogues', () => {
  for (const ns of Object.keys(serverCatalogs.en)) {
    it(`${ns}: German has exactly the English keys`, () => {
      const de = serverCatalogs.de[ns];
      expect(de, `locales/de/${ns}.json is missing`).toBeDefined();
      const en = new Set(keys(serverCatalogs.en[ns]).map(base));
      const other = new Set(keys(de).map(base));
      expect([...en].filter((k) => !other.has(k))).toEqual([]);
      expect([...other].filter((k) => !en.has(k))).toEqual([]);
    });
  }

  it('translates for a language and falls back to English', () => {
    expect(translator('de')('appName')).toBe('PoseLab');
    expect(translator('fr')('appName')).toBe('PoseLab');
  });
});
