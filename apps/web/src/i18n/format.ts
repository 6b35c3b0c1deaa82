import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from './index';
import { localeFor, numberFormat } from './numbers';

/** The Intl locale of a UI language (en-US, de-DE); the current one by default. */
export const localeOf = (lang: Language = currentLanguage()) => localeFor(lang);

/**
 * A calendar date (SPEC §3: created_at shown as a short date): 7/4/2026 in English, 4.7.2026 in German.
 * A bare 'YYYY-MM-DD' is read at noon UTC so that no time zone moves it to another day.
 */
export function formatDate(value: string | number | Date | null | undefined, lang?: Language): string {
  const d = toDate(value);
  return d ? d.toLocaleDateString(localeOf(lang)) : '';
}

/** Date and time, short: 7/4/2026, 2:05 PM or 4.7.2026, 14:05. */
export function formatDateTime(value: string | number | Date | null | undefined, lang?: Language): string {
  const d = toDate(value);
  return d ? d.toLocaleString(localeOf(lang), { dateStyle: 'short', timeStyle: 'short' }) : '';
}

/** A number with the language's separators: 1,234.5 or 1.234,5. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, lang?: Language): string {
  return Number.isFinite(value) ? numberFormat(localeOf(lang), options).format(value) : '';
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The formatters bound to the UI language; components re-render when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = (i18n.language === 'de' ? 'de' : 'en') as Language;
  return {
    date: (v: string | number | Date | null | undefined) => formatDate(v, lang),
    dateTime: (v: string | number | Date | null | undefined) => formatDateTime(v, lang),
    number: (v: number, o?: Intl.NumberFormatOptions) => formatNumber(v, o, lang),
  };
}
