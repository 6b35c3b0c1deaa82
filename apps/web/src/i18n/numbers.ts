import type { i18n as I18n } from 'i18next';

/** The Intl locale each UI language formats dates and numbers with. */
export function localeFor(lang: string): string {
  return lang === 'de' ? 'de-DE' : 'en-US';
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per locale and options (building one costs more than formatting: the viewer's time field
 * formats on every 0.01 s of playback).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/**
 * A number as String() writes it (the same digits, no rounding), with the language's decimal separator:
 * 0.85 → '0,85' in German. Groups only from five digits on, so years stay '2026' and '12.345' reads as German.
 */
export function localizeNumber(value: number, lang: string): string {
  const plain = String(value);
  if (!Number.isFinite(value) || /e/i.test(plain)) return plain;
  const decimals = plain.split('.')[1]?.length ?? 0;
  return numberFormat(localeFor(lang), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: 'min2',
  }).format(value);
}

/**
 * A decimal number typed by a user in either writing ('0,85' or '0.85'); null when it is not one.
 */
export function parseDecimal(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

type FormatFn = (
  value: unknown,
  format: string | undefined,
  lng: string | undefined,
  options: object,
) => unknown;

/**
 * Every number interpolated into a catalogue text ('{{seconds}} s') is written the UI language's way, so no
 * caller has to remember it: i18next's built-in formatter leaves values without a format ('{{x}}') as they
 * are, so the interpolator's format call is wrapped — named formats ('{{x, number(…)}}') still go to i18next.
 * Needs `interpolation.alwaysFormat` (the format call is made for every placeholder).
 */
export function localizeInterpolatedNumbers(i18n: I18n): void {
  const interpolator = i18n.services.interpolator as unknown as { format: FormatFn };
  const named = interpolator.format.bind(interpolator);
  interpolator.format = (value, format, lng, options) =>
    !format && typeof value === 'number'
      ? localizeNumber(value, lng ?? i18n.language)
      : named(value, format, lng, options);
}
