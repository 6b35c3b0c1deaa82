import {
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartDataset,
} from 'chart.js';
import type { AnalysisResult } from '@poselab/contract';
import type { DashboardWidgetView, WidgetInput } from './types';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend, Filler);

type Point = { x: number; y: number };

const GAIT_FUNCTIONS = ['gait', 'treadmill_gait'];

/** The quantities a linear chart can draw in a mode: the widget's list, else the results' own. */
export function chartQuantities(results: AnalysisResult[], normalized: boolean, only?: string[]): string[] {
  const keys: string[] = [];
  for (const r of results) {
    const list = only?.length ? only : normalized ? r.y_axis_normalized : r.y_axis;
    for (const q of list) {
      const data = normalized ? r.datasets_normalized_mean[q] : r.datasets[q];
      if (data?.length && !keys.includes(q)) keys.push(q);
    }
  }
  return keys;
}

/**
 * Whether a chart draws normalised curves: as chosen (the layout's `normalized`, then the switch), unless the
 * results hold no data for that mode but do for the other (jump results have no normalised curves).
 */
export function normalizedMode(
  chosen: boolean,
  results: AnalysisResult[],
  only?: string[],
): { normalized: boolean; canSwitch: boolean } {
  const canNormalize = chartQuantities(results, true, only).length > 0;
  const canTime = chartQuantities(results, false, only).length > 0;
  const normalized = chosen ? canNormalize || !canTime : !canTime && canNormalize;
  return { normalized, canSwitch: canNormalize && canTime };
}

function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * The linear chart (SPEC §2): one quantity of every chosen trial, either normalised to 0–100 % of the cycle
 * (each trial's mean with a ± SD band) or over time (raw series shifted by the trial's offset). A chart.js
 * chart owned by this class; state for tests and people sits in data attributes of the canvas.
 */
export class LinearChartWidget implements DashboardWidgetView {
  private readonly canvas: HTMLCanvasElement;
  private readonly chart: Chart<'line', Point[]>;

  constructor(root: HTMLElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.dataset.testid = 'linear-chart';
    root.append(this.canvas);
    this.chart = new Chart(this.canvas, {
      type: 'line',
      data: { datasets: [] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        parsing: false,
        normalized: true,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: '' } },
          y: { type: 'linear', title: { display: true, text: '' } },
        },
        plugins: {
          legend: {
            position: 'bottom',
            labels: { filter: (item) => !String(item.text).startsWith('±'), boxHeight: 2 },
          },
        },
      },
    });
  }

  update(input: WidgetInput): void {
    const normalized = input.normalized ?? true;
    const results = input.trials.map((t) => t.result);
    const quantities = chartQuantities(results, normalized, input.widget.quantities);
    const q = input.quantity && quantities.includes(input.quantity) ? input.quantity : quantities[0];
    const datasets: ChartDataset<'line', Point[]>[] = [];
    let xMax = 0;
    for (const tr of input.trials) {
      const r = tr.result;
      if (!q) break;
      const common = {
        borderColor: tr.color,
        backgroundColor: tr.color,
        borderDash: [...tr.dash].map((v) => v * 2),
        pointRadius: 0,
        borderWidth: 2,
        tension: 0,
      };
      if (normalized) {
        const mean = r.datasets_normalized_mean[q];
        const sd = r.datasets_normalized_std[q];
        if (!mean?.length) continue;
        const x = (i: number) => (i * 100) / Math.max(1, mean.length - 1);
        xMax = 100;
        if (sd?.length === mean.length) {
          const band = { borderWidth: 0, pointRadius: 0, backgroundColor: withAlpha(tr.color, 0.15) };
          datasets.push({
            ...band,
            label: `± ${tr.label} upper`,
            data: mean.map((m, i) => ({ x: x(i), y: m + sd[i] })),
            fill: '+1',
          });
          datasets.push({
            ...band,
            label: `± ${tr.label} lower`,
            data: mean.map((m, i) => ({ x: x(i), y: m - sd[i] })),
            fill: false,
          });
        }
        datasets.push({
          ...common,
          label: tr.label,
          data: mean.map((m, i) => ({ x: x(i), y: m })),
          fill: false,
        });
      } else {
        const xs = r.datasets[r.x_axis];
        const ys = r.datasets[q];
        if (!xs?.length || !ys?.length) continue;
        const data = ys.map((y, i) => ({ x: xs[i] + tr.offset, y }));
        xMax = Math.max(xMax, data[data.length - 1]?.x ?? 0);
        datasets.push({ ...common, label: tr.label, data, fill: false });
      }
    }
    this.chart.data.datasets = datasets;
    const info = results.map((r) => (q ? r.quantities[q] : undefined)).find(Boolean);
    const scales = this.chart.options.scales as {
      x: { title: { text: string } };
      y: { title: { text: string } };
    };
    // Gait curves are normalised per gait cycle, the others per repetition.
    const perCycle = results.every((r) => GAIT_FUNCTIONS.includes(r.function_id));
    scales.x.title.text = !normalized
      ? input.locale.t('widgets.timeAxis')
      : input.locale.t(perCycle ? 'widgets.percentCycle' : 'widgets.percentRepetition');
    scales.y.title.text =
      info && q
        ? `${input.locale.label('quantities', q, info.label)}${info.units ? ` (${info.units})` : ''}`
        : (q ?? '');
    // Axis numbers in the UI language (chart.js would take the browser's).
    this.chart.options.locale = input.locale.intl;
    this.chart.update('none');
    const d = this.canvas.dataset;
    d.mode = normalized ? 'normalized' : 'time';
    d.quantity = q ?? '';
    d.series = datasets
      .filter((s) => !String(s.label).startsWith('±'))
      .map((s) => s.label)
      .join('|');
    d.bands = String(datasets.filter((s) => String(s.label).startsWith('±')).length / 2);
    d.xMax = String(Math.round(xMax * 100) / 100);
    this.canvas.setAttribute('aria-label', `${scales.y.title.text}: ${d.series.replace(/\|/g, ', ')}`);
  }

  dispose(): void {
    this.chart.destroy();
    this.canvas.remove();
  }
}
