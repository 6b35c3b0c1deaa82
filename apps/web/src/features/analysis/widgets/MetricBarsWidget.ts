import {
  hasReferenceRange,
  metricAxis,
  metricNumbers,
  metricScale,
  sideLetterBefore,
  usualRegion,
  type AnalysisMetric,
} from '@poselab/contract';
import { blockTitle, el, trialRow } from './dom';
import { widgetKeys, type DashboardWidgetView, type WidgetInput, type WidgetLocale } from './types';

/** '1.23', or 'L 0.61 / R 0.66' for a bilateral metric. */
export function metricValueText(m: AnalysisMetric | undefined, loc: WidgetLocale): string {
  const f = (v: number | null) => (v === null ? loc.t('widgets.noValue') : loc.number(v, m!.decimals));
  if (!m || m.value === null) return loc.t('widgets.noValue');
  if (typeof m.value === 'number') return f(m.value);
  return `${loc.t('widgets.left')} ${f(m.value.left)} / ${loc.t('widgets.right')} ${f(m.value.right)}`;
}

/**
 * The value cell: the value, or for a bilateral metric 'L 0.61 /' and 'R 0.66' that wrap between the sides
 * only (never inside a number) in narrow columns. Its text is metricValueText's.
 */
function valueCell(m: AnalysisMetric | undefined, loc: WidgetLocale): HTMLElement {
  const cell = el('span', { fontVariantNumeric: 'tabular-nums' });
  const text = metricValueText(m, loc);
  const parts = m && m.value !== null && typeof m.value === 'object' ? text.split(' / ') : [text];
  parts.forEach((part, i) => {
    if (i > 0) cell.append(document.createTextNode(' '));
    cell.append(el('span', { whiteSpace: 'nowrap' }, i < parts.length - 1 ? `${part} /` : part));
  });
  return cell;
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
  // 3 bands: the usual (green) band in words, the band between the limits as borderline where it is not usual.
  const usual = usualRegion(m);
  const units = m.units ? ` ${m.units}` : '';
  const inner = usual ? range(usual.from, usual.to) : range(m.min_limit, m.max_limit);
  if (!inner) return loc.t('widgets.noReference');
  const borderline = usual?.borderline
    ? loc.t('widgets.borderline', { range: `${range(usual.borderline.from, usual.borderline.to)}${units}` })
    : null;
  const outer = m.colors.length === 5 ? range(m.min_limit_2, m.max_limit_2) : null;
  return `${loc.t('widgets.reference')}: ${inner}${units}${borderline ? ` (${borderline})` : ''}${outer ? ` (${loc.t('widgets.usual', { range: outer })}${units})` : ''}`;
}

/** The axis' numbers under the last row of a metric without a reference range, the last with the units. */
function axisLabels(
  ticks: number[],
  decimals: number,
  units: string,
  pct: (v: number) => string,
  loc: WidgetLocale,
) {
  const row = el('div', {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, 1.2fr) minmax(84px, 1fr) minmax(90px, 2fr)',
    gap: '8px',
    fontSize: '0.7rem',
    color: '#5f6b76',
  });
  const scale = el('div', { position: 'relative', height: '14px', gridColumn: '3' });
  scale.dataset.testid = 'metric-axis';
  // Narrow columns: the ends and the middle tick carry numbers (the others stay marks on the axis).
  const n = ticks.length;
  ticks.forEach((v, i) => {
    const last = i === n - 1;
    if (n > 3 && i !== 0 && !last && i !== (n - 1) / 2) return;
    const text = `${loc.number(v, decimals)}${last && units ? ` ${units}` : ''}`;
    scale.append(
      el(
        'span',
        {
          position: 'absolute',
          left: pct(v),
          transform: last ? 'translateX(-100%)' : i === 0 ? 'none' : 'translateX(-50%)',
          whiteSpace: 'nowrap',
        },
        text,
      ),
    );
  });
  row.append(scale);
  return row;
}

/**
 * The scalar plot (SPEC §2): per metric with a reference range a bar of 3 or 5 colour bands split at the
 * limits (the same scale as the PDF report, contract metricScale); without one a plain axis from zero with
 * its numbers and units (contract metricAxis), never a bar of an arbitrary scale. One row per trial with its
 * value and a tick at it, L and R ticks on the same axis for bilateral metrics; angles state their sign
 * convention.
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
      const convention = first.units === '°' ? locale.text(`sign_conventions.${key}`, '') : '';
      if (convention) {
        const sign = el(
          'div',
          { fontSize: '0.75rem', color: '#5f6b76' },
          locale.t('widgets.sign', { convention }),
        );
        sign.dataset.testid = 'metric-sign';
        block.append(sign);
      }
      const info = first.info ? locale.text(`metrics.${key}.info`, first.info) : '';
      if (info) block.title = info;
      const values = metrics.flatMap((m) => (m ? metricNumbers(m.value) : []));
      const banded = hasReferenceRange(first);
      const axis = banded ? null : metricAxis(first, values);
      const scale = axis ? { min: axis.min, max: axis.max, bands: [] } : metricScale(first, values);
      const pct = (v: number) => `${((v - scale.min) / (scale.max - scale.min || 1)) * 100}%`;
      trials.forEach((tr, i) => {
        const m = metrics[i];
        const row = trialRow(tr.color, tr.dash, tr.label);
        const value = valueCell(m, locale);
        value.dataset.testid = 'metric-value';
        const bar = el('div', {
          position: 'relative',
          height: '14px',
          borderRadius: '2px',
          overflow: 'visible',
        });
        bar.setAttribute('role', 'img');
        bar.setAttribute('aria-label', `${label} ${tr.label}: ${metricValueText(m, locale)}`);
        if (axis) {
          // The axis line with a mark at each tick, zero stronger.
          bar.append(
            el('span', {
              position: 'absolute',
              left: '0',
              right: '0',
              top: '6px',
              borderTop: '1px solid #8a96a3',
            }),
          );
          for (const v of axis.ticks)
            bar.append(
              el('span', {
                position: 'absolute',
                left: pct(v),
                top: v === 0 ? '1px' : '3px',
                height: v === 0 ? '12px' : '8px',
                borderLeft: `1px solid ${v === 0 ? '#5f6b76' : '#8a96a3'}`,
              }),
            );
        }
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
        const before =
          !m || m.value === null || typeof m.value === 'number' ? null : sideLetterBefore(m.value);
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
            // Each letter on the outer side of its tick, so close ticks read 'L||R' or 'R||L' (contract
            // sideLetterBefore).
            // At the bar's right end the card would clip a letter after its tick: it goes before it there.
            const atEnd = (v - scale.min) / (scale.max - scale.min || 1) > 0.95;
            const left =
              atEnd || (before !== null && (side === locale.t('widgets.left') ? before.left : before.right));
            bar.append(
              el(
                'span',
                {
                  position: 'absolute',
                  ...(left ? { right: `calc(100% - ${pct(v)} + 3px)` } : { left: `calc(${pct(v)} + 3px)` }),
                  top: '-1px',
                  fontSize: '9px',
                  fontWeight: '700',
                  lineHeight: '14px',
                },
                side,
              ),
            );
          }
        }
        row.append(value, bar);
        block.append(row);
      });
      if (axis) block.append(axisLabels(axis.ticks, axis.decimals, first.units, pct, locale));
      this.root.append(block);
    }
    if (shown === 0)
      this.root.append(el('p', { color: '#5f6b76', fontSize: '0.875rem' }, locale.t('widgets.none')));
  }

  dispose(): void {
    this.root.replaceChildren();
  }
}
