// The catalogue lives in catalogue.ts, which summary.ts imports too: no import cycle between the two.
import { catalogueEntry } from './catalogue';

export * from './catalogue';
export { analysisSummary } from './summary';

/**
 * The sign convention of an angle (metric key, or curve quantity with or without its _r/_l side), e.g.
 * 'valgus + (knee medial of the hip–ankle line), varus −'; undefined for a key without one.
 */
export function signConvention(lang: string, key: string): string | undefined {
  return (
    catalogueEntry(lang, `sign_conventions.${key}`) ??
    catalogueEntry(lang, `sign_conventions.${key.replace(/_[rl]$/, '')}`)
  );
}
