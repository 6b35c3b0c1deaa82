import { metricNumbers, metricScale, type AnalysisMetric } from '@poselab/contract';
import { blockTitle, el, trialRow } from './dom';
import { widgetKeys, type DashboardWidgetView, type WidgetInput, type WidgetLocale } from './types';

/** '1.23', or 'L 0.61 / R 0.66' for a bilateral metric. */
export function metricValueText(m: AnalysisMetric | undefined, loc: WidgetLocale): string {
  const f = (v: number | null) => (v === null ? loc.t('widgets.noValue') : loc.number(v, m!.decimals));
  if (!m || m.value === null) return loc.t('widgets.noValue');
  if (typeof m.value === 'number') return f(m.value);
  return `${loc.t('widgets.left')} ${f(m.value.left)} / ${loc.t('widgets.right')} ${f(m.value.right)}`;
}

/** 'Reference: 1.00 – 1.12 m/s' (with the usual outer range for 5 bands). */
export function referenceText(m: AnalysisMetric, loc: WidgetLocale): string {
  const f = (v: number) => loc.number(v, m.decimals);
  const range = (lo: number | null | undefined, hi: number | null | undefined): string | null => {
    const hasLo = lo !== null && lo !== undefined;
    const hasHi = hi !== null && hi !== undefined;
    if (hasLo && hasHi) return loc.t('widgets.between', { from: f(lo), to: f(hi) });
    if (hasLo) return loc.t('widgets.atLeast', { value: f(lo) });
    if (hasHi) return loc.t('widgets.atMost', { value: f(hi) });
    return null;
  };
  const inner = range(m.min_limit, m.max_limit);
  if (!inner) return loc.t('widgets.noReference');
  const outer = m.colors.length === 5 ? range(m.min_limit_2, m.max_limit_2) : null;
  const units = m.units ? ` ${m.units}` : '';
  return `${loc.t('widgets.reference')}: ${inner}${units}${outer ? ` (${loc.t('widgets.usual', { range: outer })}${units})` : ''}`;
}

/**
 * The scalar plot (SPEC §2): per metric a bar of 3 or 5 colour bands split at the limits (the same scale as
 * the PDF report, contract metricScale), one row per trial with its value and a tick at it, L and R ticks for
 * bilateral metrics.
 */
export class MetricBarsWidget implements DashboardWidgetView {
  constructor(private readonly root: HTMLElement) {}

  update(input: WidgetInput): void {
    const { trials, locale } = input;
    this.root.replaceChildren();
    const keys = widgetKeys(input, 'metrics');
    let shown = 0;
    if (trials.length === 0) {
      this.root.append(el('p', { color: '#5f6b76', fontSize: '0.875rem' }, locale.t('widgets.empty')));
      return;
    }
    for (const key of keys) {
      const metrics = trials.map((tr) => tr.result.metrics[key]);
      const first = metrics.find((m): m is AnalysisMetric => Boolean(m));
      if (!first) continue;
      shown++;
      const block = el('section', { marginBottom: '8px' });
      block.dataset.metric = key;
      const label = locale.label('metrics', key, first.label);
      block.append(
        blockTitle(`${label}${first.units ? ` (${first.units})` : ''}`, referenceText(first, locale)),
      );
      if (first.info) block.title = first.info;
      const scale = metricScale(
        first,
        metrics.flatMap((m) => (m ? metricNumbers(m.value) : [])),
      );
      const pct = (v: number) => `${((v - scale.min) / (scale.max - scale.min || 1)) * 100}%`;
      trials.forEach((tr, i) => {
        const m = metrics[i];
        const row = trialRow(tr.color, tr.dash, tr.label);
        const value = el('span', { fontVariantNumeric: 'tabular-nums' }, metricValueText(m, locale));
        value.dataset.testid = 'metric-value';
        const bar = el('div', {
          position: 'relative',
          height: '14px',
          borderRadius: '2px',
          overflow: 'visible',
        });
        bar.setAttribute('role', 'img');
        bar.setAttribute('aria-label', `${label} ${tr.label}: ${metricValueText(m, locale)}`);
        for (const b of scale.bands) {
          bar.append(
            el('span', {
              position: 'absolute',
              top: '0',
              bottom: '0',
              left: pct(b.from),
              width: `calc(${pct(b.to)} - ${pct(b.from)})`,
              background: b.color,
            }),
          );
        }
        const ticks: Array<[number | null, string]> =
          !m || m.value === null
            ? []
            : typeof m.value === 'number'
              ? [[m.value, '']]
              : [
                  [m.value.left, locale.t('widgets.left')],
                  [m.value.right, locale.t('widgets.right')],
                ];
        for (const [v, side] of ticks) {
          if (v === null) continue;
          const tick = el('span', {
            position: 'absolute',
            top: '-3px',
            bottom: '-3px',
            left: pct(v),
            width: '2px',
            marginLeft: '-1px',
            background: '#1d2329',
          });
          bar.append(tick);
          if (side) {
            bar.append(
              el(
                'span',
                {
                  position: 'absolute',
                  left: `calc(${pct(v)} + 3px)`,
                  top: '-1px',
                  fontSize: '9px',
                  fontWeight: '700',
                },
                side,
              ),
            );
          }
        }
        row.append(value, bar);
        block.append(row);
      });
      this.root.append(block);
    }
    if (shown === 0)
      this.root.append(el('p', { color: '#5f6b76', fontSize: '0.875rem' }, locale.t('widgets.none')));
  }

  dispose(): void {
    this.root.replaceChildren();
  }
}
