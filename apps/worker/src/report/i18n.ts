import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';

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
const germanLabels = read('analysis-labels.de.json') as Record<string, string>;

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

/**
 * An analysis label (metric, quantity, amplitude) in the report's language. Results carry English labels; the
 * German glossary covers the labels the analyses use, word by word for 'left'/'right' suffixes, and anything
 * unknown stays English rather than being guessed.
 */
export function analysisLabel(lang: ReportLanguage, label: string): string {
  if (lang === 'en') return label;
  const exact = germanLabels[label];
  if (exact) return exact;
  const side = /^(.*?)[\s(,–-]+(left|right|Left|Right)\)?$/.exec(label);
  if (side && germanLabels[side[1]]) return `${germanLabels[side[1]]} ${germanLabels[side[2]] ?? side[2]}`;
  return label;
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
