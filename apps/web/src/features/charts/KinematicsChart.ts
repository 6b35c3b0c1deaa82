import {
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  SubTitle,
  Title,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import zoomPlugin from 'chartjs-plugin-zoom';
import { localeOf } from '../../i18n/format';
import type { ChartOptionsState } from './chart-options';
import type { Series } from './series';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  Title,
  SubTitle,
  Tooltip,
  Legend,
  zoomPlugin,
);

/** Paints a white background so the downloaded PNG is not transparent. */
const whiteBackground = {
  id: 'whiteBackground',
  beforeDraw(chart: Chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/**
 * The Chart page's plot: a chart.js line chart on a canvas, zoomed by dragging a box and panned with ctrl held.
 * React hands it series and options; it is destroyed on unmount.
 */
export class KinematicsChart {
  private readonly chart: Chart<'line', { x: number; y: number }[]>;

  constructor(canvas: HTMLCanvasElement) {
    const config: ChartConfiguration<'line', { x: number; y: number }[]> = {
      type: 'line',
      data: { datasets: [] },
      plugins: [whiteBackground],
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
          title: { display: false, text: '' },
          subtitle: { display: false, text: '' },
          legend: { position: 'top', align: 'center' },
          zoom: {
            zoom: {
              drag: { enabled: true, backgroundColor: 'rgba(25,118,210,0.15)' },
              mode: 'xy',
              onZoomComplete: () => this.markRange(),
            },
            pan: { enabled: true, modifierKey: 'ctrl', mode: 'xy', onPanComplete: () => this.markRange() },
          },
        },
      },
    };
    this.chart = new Chart(canvas, config);
  }

  update(series: Series[], o: ChartOptionsState, xTitle: string, yTitle: string): void {
    const c = this.chart;
    c.data.datasets = series.map((s) => ({
      label: s.label,
      data: s.points,
      borderColor: s.color,
      backgroundColor: s.color,
      borderDash: s.dash,
      borderWidth: o.lineWidth,
      pointStyle: o.pointStyle === 'none' ? false : o.pointStyle,
      pointRadius: o.pointStyle === 'none' ? 0 : o.pointSize / 2,
      pointHoverRadius: o.pointStyle === 'none' ? 0 : o.pointSize / 2 + 2,
      tension: 0,
    }));
    const opts = c.options;
    const scales = opts.scales as { x: { title: { text: string } }; y: { title: { text: string } } };
    scales.x.title.text = o.xTitle || xTitle;
    scales.y.title.text = o.yTitle || yTitle;
    const plugins = opts.plugins!;
    plugins.title = { ...plugins.title, display: Boolean(o.title), text: o.title };
    plugins.subtitle = { ...plugins.subtitle, display: Boolean(o.subtitle), text: o.subtitle };
    plugins.legend = { ...plugins.legend, position: o.legendPosition, align: o.legendAlign };
    // Axis numbers in the UI language (chart.js would take the browser's).
    opts.locale = localeOf();
    c.update('none');
    this.markRange();
  }

  resetZoom(): void {
    this.chart.resetZoom('none');
    this.markRange();
  }

  /** The visible X range as canvas attributes, so people and tests can see what a zoom did. */
  private markRange(): void {
    const x = this.range('x');
    this.chart.canvas.dataset.xMin = String(x.min);
    this.chart.canvas.dataset.xMax = String(x.max);
    this.chart.canvas.dataset.zoomed = String(this.isZoomed());
    this.chart.canvas.dataset.series = this.chart.data.datasets.map((d) => d.label).join('|');
  }

  isZoomed(): boolean {
    return this.chart.isZoomedOrPanned();
  }

  /** The visible range of an axis (tests and the page read it). */
  range(axis: 'x' | 'y'): { min: number; max: number } {
    const s = this.chart.scales[axis];
    return { min: s.min, max: s.max };
  }

  /**
   * The chart as a PNG without the hover state: the tooltip and highlighted points of the last mouse position
   * stay drawn until the pointer leaves, and would otherwise end up in the picture.
   */
  toPng(): string {
    this.chart.setActiveElements([]);
    this.chart.tooltip?.setActiveElements([], { x: 0, y: 0 });
    this.chart.update('none');
    return this.chart.toBase64Image('image/png', 1);
  }

  dispose(): void {
    this.chart.destroy();
  }
}
