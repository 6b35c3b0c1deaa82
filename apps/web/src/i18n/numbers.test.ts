import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { ANALYSIS_CATALOGUE_NAMESPACE } from './analysis-catalogue';
import { localizeNumber, parseDecimal } from './numbers';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('numbers in the UI language (issue #29)', () => {
  it('writes a number with the same digits, the decimal separator of the language', () => {
    expect(localizeNumber(0.85, 'de')).toBe('0,85');
    expect(localizeNumber(0.85, 'en')).toBe('0.85');
    expect(localizeNumber(1.5, 'de')).toBe('1,5');
    expect(localizeNumber(-2.125, 'de')).toBe('-2,125');
    expect(localizeNumber(3, 'de')).toBe('3');
    // Years and other four-digit numbers are not grouped; five digits are, the language's way.
    expect(localizeNumber(2026, 'de')).toBe('2026');
    expect(localizeNumber(12345.5, 'de')).toBe('12.345,5');
    expect(localizeNumber(12345.5, 'en')).toBe('12,345.5');
    expect(localizeNumber(Number.NaN, 'de')).toBe('NaN');
  });

  it('reads a decimal typed either way', () => {
    expect(parseDecimal('0,85')).toBe(0.85);
    expect(parseDecimal(' 1.25 ')).toBe(1.25);
    expect(parseDecimal('3')).toBe(3);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
  });

  it('fills every catalogue placeholder with a number written the UI language way', async () => {
    const key = `${ANALYSIS_CATALOGUE_NAMESPACE}:errors.too_short`;
    await i18n.loadNamespaces(ANALYSIS_CATALOGUE_NAMESPACE);
    expect(i18n.t(key, { seconds: 0.85, min: 1.5 })).toBe(
      'The trial is too short to analyse (0.85 s). Record at least 1.5 s.',
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces([ANALYSIS_CATALOGUE_NAMESPACE, 'quality']);
    expect(i18n.t(key, { seconds: 0.85, min: 1.5 })).toBe(
      'Die Aufnahme ist zu kurz für eine Auswertung (0,85 s). Nehmen Sie mindestens 1,5 s auf.',
    );
    // Named formats still go to i18next; strings and plural counts are untouched.
    expect(
      i18n.t('quality:codes.coordinate_at_limit', {
        coordinate: 'knee_angle_r',
        limit: 'max',
        frames_pct: 12.34,
      }),
    ).toContain('12,3 %');
    expect(i18n.t('common:actions.save')).toBe('Speichern');
  });
});
