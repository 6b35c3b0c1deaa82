import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@poselab/contract';
import { grantsOf } from './api';
import {
  decodeConfig,
  encodeConfig,
  newSelector,
  parseOffset,
  selectorsFromUrl,
  urlQueryOf,
} from './dashboard-url';
import { normalizedMode } from './widgets/LinearChartWidget';
import { MetricBarsWidget } from './widgets/MetricBarsWidget';
import { AmplitudesWidget } from './widgets/ValueListWidgets';
import type { WidgetInput } from './widgets/types';

/** A gait result with a plain and a bilateral metric and one amplitude. */
function gaitResultFixture({ speed }: { speed: number; seed: number }): AnalysisResult {
  const bands = ['#e57373', '#fff176', '#81c784'];
  return {
    function_id: 'gait',
    indices: { start: 0, end: 10 },
    x_axis: 'time',
    y_axis: [],
    y_axis_normalized: [],
    datasets: {},
    datasets_normalized_mean: {},
    datasets_normalized_std: {},
    quantities: {},
    metrics: {
      gait_speed: {
        label: 'Gait speed',
        info: '',
        value: speed,
        bilateral: false,
        min_limit: 1,
        max_limit: 1.12,
        colors: bands,
        units: 'm/s',
        decimals: 2,
      },
      step_length: {
        label: 'Step length',
        info: '',
        value: { left: 0.6, right: 0.62 },
        bilateral: true,
        min_limit: 0.4,
        max_limit: null,
        colors: bands,
        units: 'm',
        decimals: 2,
      },
    },
    amplitudes: {
      rom_knee_flexion_r: { label: 'Knee flexion right', value: 58, min: 2, max: 60, units: '°' },
    },
    scalar_values: {},
    info_text: '',
    details: {},
  };
}

const locale = {
  intl: 'en-US',
  t: (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`,
  number: (v: number, d: number) => v.toFixed(d),
  label: (_f: string, _k: string, stored: string) => stored,
  text: (_k: string, stored: string) => stored,
  summary: (r: { info_text: string }) => r.info_text,
};

describe('dashboard URL', () => {
  it('round-trips the config (URL-encoded base64 of a JSON list), with tokens only when asked', () => {
    const sel = [
      newSelector({ trialId: 't1', subjectId: 's1', sessionId: 'x1', shareToken: 'tok', offsetText: '0.25' }),
      newSelector({ trialId: 't2', subjectId: 's1', sessionId: 'x2', shareToken: 'tok' }),
    ];
    const withTokens = urlQueryOf(sel, true);
    expect(withTokens.get('trialId')).toBe('t1,t2');
    expect(withTokens.get('shareToken')).toBe('tok');
    const back = selectorsFromUrl(new URLSearchParams(withTokens.toString()))!;
    expect(back.map((s) => [s.trialId, s.subjectId, s.sessionId, s.shareToken, s.offsetText])).toEqual([
      ['t1', 's1', 'x1', 'tok', '0.25'],
      ['t2', 's1', 'x2', 'tok', '0'],
    ]);
    const owner = urlQueryOf(sel, false);
    expect(owner.get('shareToken')).toBeNull();
    expect(decodeConfig(owner.get('config'))!.every((e) => !e.shareToken)).toBe(true);
  });

  it('reads trialId with subjectId and shareToken, and refuses a broken config', () => {
    const s = selectorsFromUrl(new URLSearchParams('trialId=a,b&subjectId=S&shareToken=T'))!;
    expect(s.map((x) => [x.trialId, x.subjectId, x.shareToken])).toEqual([
      ['a', 'S', 'T'],
      ['b', 'S', 'T'],
    ]);
    expect(decodeConfig('not base64 json')).toBeNull();
    expect(decodeConfig(encodeConfig([{ trialId: 'ü' }]))).toEqual([{ trialId: 'ü' }]);
    expect(selectorsFromUrl(new URLSearchParams(''))).toBeNull();
  });

  it('offsets are numbers rounded to 4 decimals', () => {
    expect(parseOffset('0.123456')).toBe(0.1235);
    expect(parseOffset('')).toBeNull();
    expect(parseOffset('abc')).toBeNull();
    // A German user's decimal comma (issue #29).
    expect(parseOffset('-0,25')).toBe(-0.25);
  });

  it('asks with the owner view, each share token once, and public sessions for visitors', () => {
    const sel = [
      newSelector({ subjectId: 's', shareToken: 't', sessionId: 'x' }),
      newSelector({ subjectId: 's', shareToken: 't', sessionId: 'y' }),
      newSelector({ sessionId: 'p' }),
    ];
    expect(grantsOf(sel, false)).toEqual([{ subject_id: 's', share_token: 't' }, { session_id: 'p' }]);
    expect(grantsOf(sel, true)).toEqual([{}, { subject_id: 's', share_token: 't' }]);
  });
});

describe('widgets', () => {
  const input = (trials: number): WidgetInput => ({
    widget: { type: 'metric_bars' },
    locale,
    trials: Array.from({ length: trials }, (_v, i) => ({
      key: `k${i}`,
      label: `walk_${i + 1}`,
      color: '#123456',
      dash: [],
      result: gaitResultFixture({ speed: 1 + i * 0.2, seed: i }),
      offset: 0,
    })),
  });

  it('metric bars: one block per metric, a row per trial with its value, bands and ticks', () => {
    const root = document.createElement('div');
    const w = new MetricBarsWidget(root);
    w.update(input(2));
    const speed = root.querySelector('[data-metric="gait_speed"]')!;
    expect(speed.textContent).toContain('Gait speed (m/s)');
    const values = [...speed.querySelectorAll('[data-testid="metric-value"]')].map((e) => e.textContent);
    expect(values).toEqual(['1.00', '1.20']);
    const bar = speed.querySelectorAll('[role="img"]')[0];
    // 3 bands (below 1.00, 1.00–1.12, above) and one tick.
    expect(bar.querySelectorAll('span')).toHaveLength(4);
    const step = root.querySelector('[data-metric="step_length"]')!;
    expect(step.querySelectorAll('[data-testid="metric-value"]')[0].textContent).toMatch(
      /^widgets.left .* \/ widgets.right /,
    );
    w.update({ ...input(0) });
    expect(root.textContent).toContain('widgets.empty');
    w.dispose();
    expect(root.childElementCount).toBe(0);
  });

  it('linear chart mode: as the layout says (over time unless normalized), the other when one has no data', () => {
    const gait = gaitResultFixture({ speed: 1, seed: 0 });
    const both: AnalysisResult = {
      ...gait,
      y_axis: ['knee'],
      y_axis_normalized: ['knee'],
      datasets: { time: [0, 1], knee: [1, 2] },
      datasets_normalized_mean: { knee: [1, 2] },
    };
    // A jump result: curves over time only.
    const timeOnly: AnalysisResult = { ...both, y_axis_normalized: [], datasets_normalized_mean: {} };
    expect(normalizedMode(false, [both])).toEqual({ normalized: false, canSwitch: true });
    expect(normalizedMode(true, [both])).toEqual({ normalized: true, canSwitch: true });
    expect(normalizedMode(true, [timeOnly])).toEqual({ normalized: false, canSwitch: false });
    expect(normalizedMode(true, [])).toEqual({ normalized: true, canSwitch: false });
  });

  it('amplitudes: value with its range per trial', () => {
    const root = document.createElement('div');
    new AmplitudesWidget(root).update({
      ...input(1),
      widget: { type: 'amplitudes', keys: ['rom_knee_flexion_r'] },
    });
    expect(root.textContent).toContain('Knee flexion right (°)');
    expect(root.textContent).toContain('58.0 °');
  });
});
