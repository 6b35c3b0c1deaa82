import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { catalogueEntry } from '@poselab/analysis/browser';

/**
 * The report's own texts in English and German (locales/en.json, de.json with the same keys; i18n.test.ts
 * checks it). Reports are made by workers, which may run on other machines than the server, so the report
 * module carries its catalogue; the user's language travels in the job's payload.
 */
export const REPORT_LANGUAGES = ['en', 'de'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

type Catalog = { [key: string]: string | Catalog };
const dir = join(import.meta.dirname, 'locales');
const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Catalog;

export const reportCatalogs: Record<ReportLanguage, Catalog> = { en: read('en.json'), de: read('de.json') };

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { report: reportCatalogs.en }, de: { report: reportCatalogs.de } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['report'],
  defaultNS: 'report',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function reportTranslator(lang: ReportLanguage): TFunction {
  return instance.getFixedT(lang, 'report');
}

export type LabelField = 'metrics' | 'amplitudes' | 'scalar_values' | 'quantities';

/**
 * An analysis label (metric, amplitude, value or curve quantity) in the report's language, from the analysis
 * catalogue (packages/analysis) by its stable key; the English label stored in the result when the catalogue
 * does not know the key.
 */
export function analysisLabel(lang: ReportLanguage, field: LabelField, key: string, stored: string): string {
  return catalogueEntry(lang, `${field}.${key}.label`) ?? stored;
}

/** The analysis function's title from the analysis catalogue, else the title the server sent. */
export function functionTitleOf(lang: ReportLanguage, functionId: string, fallback: string): string {
  return catalogueEntry(lang, `functions.${functionId}.title`) ?? fallback;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Numbers as the reader's locale writes them (decimal comma in German). */
export function formatNumber(lang: ReportLanguage, value: number, decimals: number): string {
  const key = `${lang}:${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

export function formatDate(lang: ReportLanguage, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}
