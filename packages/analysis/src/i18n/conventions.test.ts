import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

/**
 * A curve's title and its sign-convention line are printed together in reports and on dashboards: a sign named
 * in the title ('Trunk lean (right +)') must be the one the convention states. The pelvic tilt's title said
 * 'anterior +' above a convention (OpenSim's pelvis_tilt) that is positive for posterior tilt.
 */
describe('sign hints in quantity labels', () => {
  for (const [lang, catalogue] of [
    ['en', en],
    ['de', de],
  ] as const) {
    it(`${lang}: every '(… +)' in a label is what the quantity's sign convention calls positive`, () => {
      const conventions = catalogue.sign_conventions as Record<string, string>;
      const checked: string[] = [];
      for (const [key, entry] of Object.entries(catalogue.quantities as Record<string, { label: string }>)) {
        const hint = /\(([^()]+?) \+\)/.exec(entry.label)?.[1];
        const convention = conventions[key] ?? conventions[key.replace(/_[rl]$/, '')];
        if (!hint || !convention) continue;
        checked.push(key);
        const positive = convention.split(/,/).find((part) => part.includes('+'));
        expect(positive, `${key}: '${entry.label}' against '${convention}'`).toContain(hint);
      }
      expect(checked).toContain('trunk_lean');
    });
  }
});
