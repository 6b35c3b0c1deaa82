import { beforeAll, describe, expect, it } from 'vitest';
import { USUAL_BAND_COLOR, type AnalysisMetric, type AnalysisResult } from '@poselab/contract';
import { i18n } from '../../../i18n';
import { ANALYSIS_CATALOGUE_NAMESPACE } from '../../../i18n/analysis-catalogue';
import { widgetLocale } from './locale';
import { MetricBarsWidget } from './MetricBarsWidget';

const GREY = '#90a4ae';
const metric = (over: Partial<AnalysisMetric>): AnalysisMetric => ({
  label: 'Knee frontal-plane angle',
  info: '',
  value: { left: -1, right: 1 },
  bilateral: true,
  min_limit: null,
  max_limit: null,
  colors: [GREY, GREY, GREY],
  units: '°',
  decimals: 1,
  ...over,
});

const result = (metrics: Record<string, AnalysisMetric>): AnalysisResult => ({
  function_id: 'squat',
  indices: { start: 0, end: 1 },
  x_axis: 'time',
  y_axis: [],
  y_axis_normalized: [],
  datasets: {},
  datasets_normalized_mean: {},
  datasets_normalized_std: {},
  quantities: {},
  metrics,
  amplitudes: {},
  scalar_values: {},
  info_text: '',
  details: {},
});

function draw(lang: string, metrics: Record<string, AnalysisMetric>): HTMLElement {
  const root = document.createElement('div');
  new MetricBarsWidget(root).update({
    widget: { type: 'metric_bars' },
    locale: widgetLocale(i18n.getFixedT(lang, 'dashboard'), lang),
    trials: [{ key: 'a', label: 'squat_1', color: '#1f77b4', dash: [], result: result(metrics), offset: 0 }],
  });
  return root;
}

describe('metric bars: metrics without a reference range on a labelled axis (issue #25)', () => {
  beforeAll(async () => {
    await i18n.loadLanguages('de');
    await i18n.loadNamespaces(['dashboard', ANALYSIS_CATALOGUE_NAMESPACE]);
  });

  it('a signed angle: a ±10° axis with numbers and units, L and R on it close together, valgus stated', () => {
    const root = draw('en', { knee_frontal_angle: metric({}) });
    expect(root.querySelector('[data-testid="metric-axis"]')!.textContent).toBe('-10010 °');
    expect(root.querySelector('[data-testid="metric-sign"]')!.textContent).toBe(
      'Sign convention: valgus + (knee medial of the hip–ankle line), varus −',
    );
    // No colour band behind the axis; the L and R ticks sit at 45 % and 55 %.
    const bar = root.querySelector('[role="img"]')!;
    const styles = [...bar.querySelectorAll('span')].map((s) => (s as HTMLElement).style);
    const ticks = styles
      .filter((st) => st.background === 'rgb(29, 35, 41)')
      .map((st) => Math.round(parseFloat(st.left)));
    expect(styles.filter((st) => st.background && st.background !== 'rgb(29, 35, 41)')).toEqual([]);
    expect(ticks).toEqual([45, 55]);
  });

  it('a metric with a reference range keeps its colour bands; German axis numbers use commas', () => {
    const banded = draw('en', {
      gait_speed: metric({
        label: 'Gait speed',
        value: 1.2,
        bilateral: false,
        min_limit: 0.8,
        max_limit: 1,
        colors: ['#f00', '#ff0', '#0f0'],
        units: 'm/s',
        decimals: 2,
      }),
    });
    expect(banded.querySelector('[data-testid="metric-axis"]')).toBeNull();
    const de = draw('de', {
      stance_time: metric({ label: 'Stance time', value: 0.55, bilateral: false, units: 's', decimals: 2 }),
    });
    expect(de.querySelector('[data-testid="metric-axis"]')!.textContent).toContain('0,6 s');
  });

  it('close L and R ticks keep both letters outside them; a higher-is-better range names its usual band', () => {
    // Single support L 39.9 / R 39.3 %: R's letter before its tick, L's after its own, so they never meet.
    const root = draw('en', {
      single_support: metric({
        label: 'Single support',
        value: { left: 39.9, right: 39.3 },
        units: '%',
        min_limit: 35,
        max_limit: 45,
        colors: ['#f9a825', USUAL_BAND_COLOR, '#f9a825'],
      }),
    });
    const letters = [...root.querySelectorAll('[role="img"] span')].filter((s) =>
      ['L', 'R'].includes(s.textContent ?? ''),
    ) as HTMLElement[];
    const placed = Object.fromEntries(
      letters.map((s) => [s.textContent, s.style.right ? 'before' : 'after']),
    );
    expect(placed).toEqual({ L: 'after', R: 'before' });
    const speed = draw('en', {
      gait_speed: metric({
        label: 'Gait speed',
        value: 1.2,
        bilateral: false,
        min_limit: 0.8,
        max_limit: 1,
        colors: ['#d32f2f', '#f9a825', USUAL_BAND_COLOR],
        units: 'm/s',
        decimals: 2,
      }),
    });
    expect(speed.textContent).toContain('at least 1.00 m/s (0.80 – 1.00 m/s borderline)');
  });
});
