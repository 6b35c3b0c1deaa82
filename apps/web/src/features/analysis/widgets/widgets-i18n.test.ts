import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@poselab/contract';
import { i18n } from '../../../i18n';
import { ANALYSIS_CATALOGUE_NAMESPACE } from '../../../i18n/analysis-catalogue';
import { widgetLocale } from './locale';
import { MetricBarsWidget } from './MetricBarsWidget';
import { InfoTextWidget, ScalarValuesWidget } from './ValueListWidgets';
import type { WidgetInput } from './types';

/** The English texts packages/analysis stores next to its stable keys (as in a real squat result). */
const squat: AnalysisResult = {
  function_id: 'squat',
  indices: { start: 0, end: 10 },
  x_axis: 'time',
  y_axis: [],
  y_axis_normalized: [],
  datasets: {},
  datasets_normalized_mean: {},
  datasets_normalized_std: {},
  quantities: {},
  metrics: {
    squat_depth: {
      label: 'Squat depth',
      info: 'How far the pelvis went down.',
      value: 31.5,
      bilateral: false,
      min_limit: 25,
      max_limit: null,
      colors: ['#e57373', '#fff176', '#81c784'],
      units: 'cm',
      decimals: 1,
    },
  },
  amplitudes: {},
  scalar_values: {
    repetitions: { label: 'Repetitions', value: 3, sd: null, units: '', decimals: 0 },
    rep_duration: { label: 'Repetition duration', value: 2.25, sd: 0.15, units: 's', decimals: 2 },
  },
  info_text: '3 repetitions: 2 × Double leg, 1 × Single leg, left.',
  details: {
    summary: { key: 'results.squat', params: { count: 3, types: '2 × Double leg, 1 × Single leg, left' } },
    types: { double_leg: 2, single_leg_l: 1 },
  },
};

function input(lang: string, type: WidgetInput['widget']['type']): WidgetInput {
  return {
    widget: { type },
    locale: widgetLocale(i18n.getFixedT(lang, 'dashboard'), lang),
    trials: [{ key: 'a', label: 'squat_1', color: '#1f77b4', dash: [], result: squat, offset: 0 }],
  };
}

function render(view: { update(i: WidgetInput): void }, root: HTMLElement, i: WidgetInput): string {
  view.update(i);
  return root.textContent ?? '';
}

/** The analysis catalogue loads on demand like the German catalogues (i18n/index.ts), so dashboards speak German. */
describe('dashboard widgets in the UI language', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('de');
    await i18n.loadNamespaces(['dashboard', ANALYSIS_CATALOGUE_NAMESPACE]);
  });

  it('German: metric labels and info, values ± SD and the summary from the analysis catalogue', () => {
    const root = document.createElement('div');
    const bars = render(new MetricBarsWidget(root), root, input('de', 'metric_bars'));
    expect(bars).toContain('Tiefe der Kniebeuge (cm)');
    expect(bars).toContain('Referenz: mindestens 25,0 cm');
    expect(bars).toContain('31,5');
    expect(root.querySelector('[data-metric="squat_depth"]')!.getAttribute('title')).not.toBe(
      squat.metrics.squat_depth.info,
    );
    const values = document.createElement('div');
    const text = render(new ScalarValuesWidget(values), values, input('de', 'scalar_values'));
    expect(text).toContain('Dauer einer Wiederholung (s)');
    expect(text).toContain('2,25 ± 0,15 s');
    const info = document.createElement('div');
    expect(render(new InfoTextWidget(info), info, input('de', 'info_text'))).toBe(
      '3 Wiederholungen: 2 × Beidbeinig, 1 × Einbeinig, links.',
    );
  });

  it('English: the stored texts', () => {
    const root = document.createElement('div');
    expect(render(new MetricBarsWidget(root), root, input('en', 'metric_bars'))).toContain(
      'Squat depth (cm)',
    );
    const info = document.createElement('div');
    expect(render(new InfoTextWidget(info), info, input('en', 'info_text'))).toBe(squat.info_text);
  });
});
