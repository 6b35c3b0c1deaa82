import type { TFunction } from 'i18next';
import { analysisSummary } from '@poselab/analysis/browser';
import { ANALYSIS_CATALOGUE_NAMESPACE } from '../../../i18n/analysis-catalogue';
import { localeFor } from '../../../i18n/numbers';
import type { WidgetLocale } from './types';

/**
 * The widgets' texts and numbers in `lang`: dashboard strings from `t` (namespace 'dashboard'), analysis texts
 * from the analysis catalogue by their stable keys (registered at start by i18n/index.ts), the result's English
 * text when the catalogue lacks a key.
 */
export function widgetLocale(t: TFunction, lang: string): WidgetLocale {
  const formats = new Map<number, Intl.NumberFormat>();
  const text = (key: string, stored: string) =>
    t(`${ANALYSIS_CATALOGUE_NAMESPACE}:${key}`, { defaultValue: stored });
  return {
    intl: localeFor(lang),
    t: (key, options) => t(key, options ?? {}),
    label: (field, key, stored) => text(`${field}.${key}.label`, stored),
    text,
    summary: (result) => analysisSummary(lang, result),
    number: (value, decimals) => {
      let f = formats.get(decimals);
      if (!f) {
        f = new Intl.NumberFormat(localeFor(lang), {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
          useGrouping: false,
        });
        formats.set(decimals, f);
      }
      return f.format(value);
    },
  };
}
