import { formatNumber } from './i18n';
import { CONTENT_WIDTH, MUTED, PAGE, RULE, TEXT, trialStyle, type ReportLayout } from './pdf-layout';

/** One trial's normalised curve: mean over cycles and its SD (equal lengths; 0–100 % over the samples). */
export interface CurveSeries {
  index: number;
  label: string;
  mean: number[];
  std: number[] | null;
}

/** Round tick steps (1, 2, 2.5, 5 × 10^k) giving about `count` ticks over [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (max - min < 1e-9) {
    min -= 1;
    max += 1;
  }
  const raw = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-6; v += step) {
    ticks.push(Math.round(v / step) * step);
  }
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

const PLOT_HEIGHT = 165;
const AXIS_GAP = 30;
const LEGEND_COLUMNS = 3;
const LEGEND_ROW = 13;
/** Height of the line under a chart's title (its sign convention). */
const SUBTITLE = 11;

/** The height a chart with `series` legend entries takes (title, plot, axis and legend rows). */
export function chartHeight(seriesCount: number, subtitle = false): number {
  return (
    20 +
    (subtitle ? SUBTITLE : 0) +
    PLOT_HEIGHT +
    AXIS_GAP +
    Math.ceil(seriesCount / LEGEND_COLUMNS) * LEGEND_ROW +
    14
  );
}

/**
 * A vector line chart of normalised curves at the cursor: each trial's mean as a line in its colour and dash,
 * its ± SD as a translucent band, the x axis 0–100 % of the cycle, and the legend below the plot (never over
 * it), in as many rows as the trials need. The block is kept on one page.
 */
export function drawCurveChart(
  L: ReportLayout,
  title: string,
  xTitle: string,
  series: CurveSeries[],
  subtitle?: string,
): void {
  const d = L.doc;
  L.ensureSpace(chartHeight(series.length, Boolean(subtitle)));
  d.font('bold').fontSize(10.5).fillColor(TEXT).text(title, PAGE.margin, L.y, { width: CONTENT_WIDTH });
  if (subtitle) L.cell(subtitle, PAGE.margin, L.y + 15, CONTENT_WIDTH, { size: 8, color: MUTED });
  const top = L.y + 20 + (subtitle ? SUBTITLE : 0);
  const left = PAGE.margin + 42;
  const width = CONTENT_WIDTH - 52;
  const bottom = top + PLOT_HEIGHT;

  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series) {
    s.mean.forEach((m, i) => {
      const sd = s.std?.[i] ?? 0;
      if (Number.isFinite(m)) {
        lo = Math.min(lo, m - sd);
        hi = Math.max(hi, m + sd);
      }
    });
  }
  const ticks = niceTicks(lo, hi);
  const yMin = ticks[0];
  const yMax = ticks[ticks.length - 1];
  const xOf = (i: number, n: number) => left + (width * i) / Math.max(1, n - 1);
  const yOf = (v: number) => bottom - ((v - yMin) / (yMax - yMin || 1)) * PLOT_HEIGHT;

  // Grid and axes.
  d.save().lineWidth(0.4).strokeColor(RULE);
  for (const v of ticks)
    d.moveTo(left, yOf(v))
      .lineTo(left + width, yOf(v))
      .stroke();
  for (let p = 0; p <= 100; p += 20)
    d.moveTo(left + (width * p) / 100, top)
      .lineTo(left + (width * p) / 100, bottom)
      .stroke();
  d.restore();
  d.save().lineWidth(0.8).strokeColor(MUTED).rect(left, top, width, PLOT_HEIGHT).stroke().restore();
  d.font('body').fontSize(7.5).fillColor(MUTED);
  const decimals = ticks.length > 1 && Math.abs(ticks[1] - ticks[0]) < 1 ? 1 : 0;
  for (const v of ticks) {
    d.text(formatNumber(L.lang, v, decimals), PAGE.margin, yOf(v) - 4, {
      width: 38,
      align: 'right',
      lineBreak: false,
    });
  }
  for (let p = 0; p <= 100; p += 20) {
    d.text(String(p), left + (width * p) / 100 - 15, bottom + 4, {
      width: 30,
      align: 'center',
      lineBreak: false,
    });
  }
  d.text(xTitle, left, bottom + 15, { width, align: 'center', lineBreak: false });

  // Curves, clipped to the plot.
  d.save().rect(left, top, width, PLOT_HEIGHT).clip();
  for (const s of series) {
    const { color } = trialStyle(s.index);
    if (!s.std) continue;
    const n = s.mean.length;
    d.save().fillColor(color).fillOpacity(0.12);
    d.moveTo(xOf(0, n), yOf(s.mean[0] + s.std[0]));
    for (let i = 1; i < n; i++) d.lineTo(xOf(i, n), yOf(s.mean[i] + s.std[i]));
    for (let i = n - 1; i >= 0; i--) d.lineTo(xOf(i, n), yOf(s.mean[i] - s.std[i]));
    d.closePath().fill().restore();
  }
  for (const s of series) {
    const { color, dash } = trialStyle(s.index);
    const n = s.mean.length;
    d.save().lineWidth(1.4).strokeColor(color).lineJoin('round');
    if (dash.length) d.dash(dash.map((v) => v * 1.4) as unknown as number, {});
    d.moveTo(xOf(0, n), yOf(s.mean[0]));
    for (let i = 1; i < n; i++) d.lineTo(xOf(i, n), yOf(s.mean[i]));
    d.stroke().undash().restore();
  }
  d.restore();

  // Legend below the axis title, in columns.
  const legendTop = bottom + AXIS_GAP;
  const colWidth = CONTENT_WIDTH / LEGEND_COLUMNS;
  series.forEach((s, k) => {
    const x = PAGE.margin + (k % LEGEND_COLUMNS) * colWidth;
    const y = legendTop + Math.floor(k / LEGEND_COLUMNS) * LEGEND_ROW;
    L.swatch(s.index, x, y + 5);
    L.cell(s.label, x + 22, y, colWidth - 26, { size: 8 });
  });
  L.y = legendTop + Math.ceil(series.length / LEGEND_COLUMNS) * LEGEND_ROW + 14;
}
