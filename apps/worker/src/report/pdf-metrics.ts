import {
  asymmetryPercent,
  hasReferenceRange,
  metricAxis,
  metricNumbers,
  metricScale,
  sideLetterBefore,
  usualRegion,
  type AnalysisAmplitude,
  type AnalysisMetric,
  type AnalysisScalarValue,
} from '@poselab/contract';
import { signConvention } from '@poselab/analysis/browser';
import { analysisLabel, formatNumber } from './i18n';
import { CONTENT_WIDTH, MUTED, PAGE, RULE, TEXT, type ReportLayout } from './pdf-layout';

/** One compared trial as the sections print it. */
export interface ReportTrialView {
  index: number;
  label: string;
}

const ROW = 17;
const NAME_WIDTH = 150;
const VALUE_WIDTH = 110;
const BAR_X = PAGE.margin + 22 + NAME_WIDTH + VALUE_WIDTH;
const BAR_WIDTH = PAGE.margin + CONTENT_WIDTH - BAR_X;

/** A metric's value as printed: '1.23' or 'L 0.61 / R 0.66' (n/a for missing), without units. */
export function metricValueText(L: ReportLayout, m: AnalysisMetric): string {
  const f = (v: number | null) => (v === null ? L.t('metrics.noValue') : formatNumber(L.lang, v, m.decimals));
  if (m.value === null) return L.t('metrics.noValue');
  if (typeof m.value === 'number') return f(m.value);
  return `${L.t('metrics.left')} ${f(m.value.left)} / ${L.t('metrics.right')} ${f(m.value.right)}`;
}

/**
 * The metric's reference range in words: '≥ 1.12 m/s', '0.08 – 0.13 m', with the outer range for 5 bands, and
 * the numbers of its sources in the appendix ('[1, 2]').
 */
export function referenceText(L: ReportLayout, m: AnalysisMetric, sources: number[] = []): string {
  const f = (v: number) => formatNumber(L.lang, v, m.decimals);
  const range = (lo: number | null | undefined, hi: number | null | undefined): string | null => {
    const hasLo = lo !== null && lo !== undefined;
    const hasHi = hi !== null && hi !== undefined;
    if (hasLo && hasHi) return L.t('metrics.between', { from: f(lo), to: f(hi) });
    if (hasLo) return L.t('metrics.atLeast', { value: f(lo) });
    if (hasHi) return L.t('metrics.atMost', { value: f(hi) });
    return null;
  };
  // 3 bands: the usual (green) band in words, the band between the limits as borderline where it is not usual.
  const usual = usualRegion(m);
  const units = m.units ? ` ${m.units}` : '';
  const inner = usual ? range(usual.from, usual.to) : range(m.min_limit, m.max_limit);
  if (!inner) return L.t('metrics.noReference');
  const borderline = usual?.borderline
    ? L.t('metrics.borderline', { range: `${range(usual.borderline.from, usual.borderline.to)}${units}` })
    : null;
  const outer = m.colors.length === 5 ? range(m.min_limit_2, m.max_limit_2) : null;
  const cited = sources.length ? ` [${sources.join(', ')}]` : '';
  return `${L.t('metrics.reference')}: ${inner}${units}${borderline ? ` (${borderline})` : ''}${outer ? ` (${L.t('metrics.usual', { range: outer })}${units})` : ''}${cited}`;
}

/** The name column of a trial row: swatch and label. */
function trialCell(L: ReportLayout, trial: ReportTrialView, y: number): void {
  L.swatch(trial.index, PAGE.margin, y + 5);
  L.cell(trial.label, PAGE.margin + 22, y, NAME_WIDTH - 6);
}

/** Ticks at a trial's values: one, or L and R on the same axis for a bilateral metric. */
function drawValueTicks(L: ReportLayout, m: AnalysisMetric, y: number, xOf: (v: number) => number): void {
  const d = L.doc;
  if (m.value === null) return;
  const ticks: Array<[number | null, string]> =
    typeof m.value === 'number'
      ? [[m.value, '']]
      : [
          [m.value.left, L.t('metrics.left')],
          [m.value.right, L.t('metrics.right')],
        ];
  const before = typeof m.value === 'number' ? null : sideLetterBefore(m.value);
  for (const [v, side] of ticks) {
    if (v === null) continue;
    const x = xOf(v);
    d.save()
      .lineWidth(1.6)
      .strokeColor(TEXT)
      .moveTo(x, y - 1)
      .lineTo(x, y + 13)
      .stroke()
      .restore();
    // Each letter on the outer side of its tick (contract sideLetterBefore).
    const onLeft = before !== null && (side === L.t('metrics.left') ? before.left : before.right);
    if (side && onLeft) L.cell(side, x - 12, y + 1, 10, { size: 6.5, bold: true, align: 'right' });
    else if (side) L.cell(side, x + 2, y + 1, 10, { size: 6.5, bold: true });
  }
}

/**
 * One metric: its label, reference range and (angles) sign convention, then a row per trial with the value
 * and, for a metric with a reference range, the bar of colour bands split at the limits (limits written under
 * the last bar); without one, a plain axis from zero with its ticks and units written under the last row
 * (contract metricAxis), never a bar of an arbitrary scale. All trials, and left and right, share one scale.
 */
export function drawMetricBlock(
  L: ReportLayout,
  trials: ReportTrialView[],
  key: string,
  metrics: (AnalysisMetric | undefined)[],
  sources: number[] = [],
): void {
  const first = metrics.find((m): m is AnalysisMetric => Boolean(m));
  if (!first) return;
  const d = L.doc;
  const convention = first.units === '°' ? signConvention(L.lang, key) : undefined;
  L.ensureSpace(34 + (convention ? 11 : 0) + trials.length * ROW + 14);
  const units = first.units ? ` (${first.units})` : '';
  L.cell(
    `${analysisLabel(L.lang, 'metrics', key, first.label)}${units}`,
    PAGE.margin,
    L.y,
    CONTENT_WIDTH * 0.45,
    {
      bold: true,
      size: 10.5,
    },
  );
  L.cell(
    referenceText(L, first, sources),
    PAGE.margin + CONTENT_WIDTH * 0.45,
    L.y + 1.5,
    CONTENT_WIDTH * 0.55,
    {
      size: 8.5,
      color: MUTED,
      align: 'right',
    },
  );
  L.y += 15;
  if (convention) {
    L.cell(L.t('metrics.sign', { convention }), PAGE.margin, L.y, CONTENT_WIDTH, { size: 8, color: MUTED });
    L.y += 11;
  }
  L.y += 5;
  const all = metrics.flatMap((m) => (m ? metricNumbers(m.value) : []));
  const banded = hasReferenceRange(first);
  const scale = banded ? metricScale(first, all) : null;
  const axis = banded ? null : metricAxis(first, all);
  const [lo, hi] = scale ? [scale.min, scale.max] : [axis!.min, axis!.max];
  const xOf = (v: number) => BAR_X + ((v - lo) / (hi - lo || 1)) * BAR_WIDTH;
  trials.forEach((trial, k) => {
    const y = L.y + k * ROW;
    const m = metrics[k];
    trialCell(L, trial, y);
    L.cell(
      m ? metricValueText(L, m) : L.t('metrics.noValue'),
      PAGE.margin + 22 + NAME_WIDTH,
      y,
      VALUE_WIDTH - 8,
    );
    if (scale) {
      for (const b of scale.bands)
        d.save()
          .fillColor(b.color)
          .rect(xOf(b.from), y + 1, xOf(b.to) - xOf(b.from), 10)
          .fill()
          .restore();
      d.save()
        .lineWidth(0.4)
        .strokeColor(RULE)
        .rect(BAR_X, y + 1, BAR_WIDTH, 10)
        .stroke()
        .restore();
    } else {
      // The axis: a line with a mark at each tick, zero drawn stronger.
      d.save()
        .lineWidth(0.6)
        .strokeColor(MUTED)
        .moveTo(BAR_X, y + 6)
        .lineTo(BAR_X + BAR_WIDTH, y + 6)
        .stroke();
      for (const v of axis!.ticks)
        d.lineWidth(v === 0 ? 0.9 : 0.5)
          .moveTo(xOf(v), y + (v === 0 ? 1 : 3))
          .lineTo(xOf(v), y + (v === 0 ? 11 : 9))
          .stroke();
      d.restore();
    }
    if (m) drawValueTicks(L, m, y, xOf);
  });
  L.y += trials.length * ROW;
  if (scale) {
    // The limits under the bars.
    const limits = [first.min_limit_2, first.min_limit, first.max_limit, first.max_limit_2].filter(
      (v): v is number => v !== null && v !== undefined && Number.isFinite(v),
    );
    for (const v of limits) {
      L.cell(formatNumber(L.lang, v, first.decimals), xOf(v) - 20, L.y, 40, {
        size: 7,
        color: MUTED,
        align: 'center',
      });
    }
  } else {
    // The axis' numbers, the last with the units.
    axis!.ticks.forEach((v, i) => {
      const last = i === axis!.ticks.length - 1;
      const text = `${formatNumber(L.lang, v, axis!.decimals)}${last && first.units ? ` ${first.units}` : ''}`;
      L.cell(text, xOf(v) - 22, L.y, 44, { size: 7, color: MUTED, align: 'center' });
    });
  }
  L.y += 16;
}

/**
 * A block of text rows: its heading, then per trial the swatch, the name and what `drawValue` writes to the
 * right of the name (from `x`). The amplitude, scalar and asymmetry blocks share it.
 */
function drawTextRows(
  L: ReportLayout,
  trials: ReportTrialView[],
  heading: string,
  drawValue: (k: number, x: number, y: number) => void,
  subtitle?: string,
): void {
  L.ensureSpace(24 + (subtitle ? 11 : 0) + trials.length * ROW);
  L.cell(heading, PAGE.margin, L.y, CONTENT_WIDTH, { bold: true, size: 10 });
  L.y += 17;
  if (subtitle) {
    L.cell(subtitle, PAGE.margin, L.y - 3, CONTENT_WIDTH, { size: 8, color: MUTED });
    L.y += 11;
  }
  trials.forEach((trial, k) => {
    const y = L.y + k * ROW;
    trialCell(L, trial, y);
    drawValue(k, PAGE.margin + 22 + NAME_WIDTH, y);
  });
  L.y += trials.length * ROW + 8;
}

const VALUE_CELL_WIDTH = CONTENT_WIDTH - NAME_WIDTH - 22;

/** Ranges of motion: per trial the range with its ends. */
export function drawAmplitudeBlock(
  L: ReportLayout,
  trials: ReportTrialView[],
  key: string,
  amps: (AnalysisAmplitude | undefined)[],
): void {
  const first = amps.find((a): a is AnalysisAmplitude => Boolean(a));
  if (!first) return;
  const heading = `${analysisLabel(L.lang, 'amplitudes', key, first.label)} (${first.units})`;
  // The range's ends are signed angles: rom_knee_flexion_r → the knee angle's convention.
  const quantity = key
    .replace(/^rom_/, '')
    .replace(/^knee_flexion/, 'knee_angle')
    .replace(/^ankle_flexion/, 'ankle_angle');
  const convention = first.units === '°' ? signConvention(L.lang, quantity) : undefined;
  drawTextRows(
    L,
    trials,
    heading,
    (k, x, y) => {
      const a = amps[k];
      const text = a
        ? `${formatNumber(L.lang, a.value, 1)} ${a.units}   (${L.t('amplitudes.range', {
            min: formatNumber(L.lang, a.min, 1),
            max: formatNumber(L.lang, a.max, 1),
          })})`
        : L.t('metrics.noValue');
      L.cell(text, x, y, VALUE_CELL_WIDTH);
    },
    convention ? L.t('metrics.sign', { convention }) : undefined,
  );
}

/** Values ± SD over repetitions. */
export function drawScalarBlock(
  L: ReportLayout,
  trials: ReportTrialView[],
  key: string,
  values: (AnalysisScalarValue | undefined)[],
): void {
  const first = values.find((v): v is AnalysisScalarValue => Boolean(v));
  if (!first) return;
  const heading = `${analysisLabel(L.lang, 'scalar_values', key, first.label)}${first.units ? ` (${first.units})` : ''}`;
  drawTextRows(L, trials, heading, (k, x, y) => {
    const v = values[k];
    const text =
      v && v.value !== null
        ? `${formatNumber(L.lang, v.value, v.decimals)}${v.sd !== null ? ` ± ${formatNumber(L.lang, v.sd, v.decimals)}` : ''} ${v.units}`
        : L.t('metrics.noValue');
    L.cell(text, x, y, VALUE_CELL_WIDTH);
  });
}

/** Left/right asymmetry of a bilateral metric: L, R and the symmetry index per trial. */
export function drawAsymmetryBlock(
  L: ReportLayout,
  trials: ReportTrialView[],
  key: string,
  metrics: (AnalysisMetric | undefined)[],
): void {
  const first = metrics.find((m): m is AnalysisMetric => Boolean(m));
  if (!first) return;
  const heading = `${analysisLabel(L.lang, 'metrics', key, first.label)}${first.units ? ` (${first.units})` : ''}`;
  const f = (v: number | null | undefined) =>
    v === null || v === undefined ? L.t('metrics.noValue') : formatNumber(L.lang, v, first.decimals);
  drawTextRows(L, trials, heading, (k, col, y) => {
    const m = metrics[k];
    const pair = m && m.value !== null && typeof m.value === 'object' ? m.value : null;
    const si = pair ? asymmetryPercent(pair.left, pair.right) : null;
    L.cell(`${L.t('metrics.left')} ${f(pair?.left)}`, col, y, 90);
    L.cell(`${L.t('metrics.right')} ${f(pair?.right)}`, col + 95, y, 90);
    L.cell(
      si === null ? 'SI –' : `SI ${si > 0 ? '+' : ''}${formatNumber(L.lang, si, 1)} %`,
      col + 190,
      y,
      100,
      { bold: true },
    );
  });
}
