import { describe, expect, it } from 'vitest';
import { ANALYSIS_FUNCTION_SPECS, validateAnalysisRegistry, type AnalysisFunctionSpec } from './registry';
import de from './i18n/de.json';
import en from './i18n/en.json';

function flatKeys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    flatKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('analysis registry', () => {
  it('is valid: layouts, declared keys and both catalogues', () => {
    expect(() => validateAnalysisRegistry(ANALYSIS_FUNCTION_SPECS)).not.toThrow();
    expect(ANALYSIS_FUNCTION_SPECS.map((f) => f.id)).toEqual([
      'gait',
      'treadmill_gait',
      'squat',
      'drop_jump',
      'counter_movement_jump',
      'sit_to_stand',
      'balance',
    ]);
  });

  it('refuses a function without a layout', () => {
    const broken = { ...ANALYSIS_FUNCTION_SPECS[0], layout: undefined } as unknown as AnalysisFunctionSpec;
    expect(() => validateAnalysisRegistry([broken])).toThrow(/'gait': no dashboard layout/);
  });

  it('refuses a layout with an unknown widget', () => {
    const broken: AnalysisFunctionSpec = {
      ...ANALYSIS_FUNCTION_SPECS[2],
      layout: { columns: [{ width: 12, widgets: [{ type: 'pie_chart' as 'visualizer' }] }] },
    };
    expect(() => validateAnalysisRegistry([broken])).toThrow(/unknown widget pie_chart/);
  });

  it('refuses widgets naming keys the function does not produce, and texts missing in a language', () => {
    const broken: AnalysisFunctionSpec = {
      ...ANALYSIS_FUNCTION_SPECS[2],
      id: 'squat_v2',
      layout: { columns: [{ width: 12, widgets: [{ type: 'metric_bars', keys: ['gait_speed'] }] }] },
    };
    const err = (() => {
      try {
        validateAnalysisRegistry([broken]);
      } catch (e) {
        return String(e);
      }
    })();
    expect(err).toMatch(/undeclared key 'gait_speed'/);
    expect(err).toMatch(/catalogue 'de' lacks functions\.squat_v2\.title/);
  });

  it('has German for every English text, and no German left over', () => {
    expect(flatKeys(de).sort()).toEqual(flatKeys(en).sort());
    const same = flatKeys(en).filter((k) => {
      const get = (c: unknown) =>
        k.split('.').reduce((n: unknown, p) => (n as Record<string, unknown>)[p], c);
      return get(en) === get(de);
    });
    // Words that are the same in both languages.
    expect(same).toEqual([]);
  });
});
