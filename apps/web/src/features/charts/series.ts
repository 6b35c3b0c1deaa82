import chroma from 'chroma-js';
import { i18n } from '../../i18n';
import { COLOR_SCALES, DASH_PATTERNS, type ColorScaleName } from './chart-options';
import { quantityKind, type MotTable } from './mot';

export type UnitSystem = 'metric' | 'imperial';

/** One trial's table with its name and time offset. */
export interface TrialTable {
  key: string;
  label: string;
  table: MotTable;
  offset: number;
}

export interface Series {
  label: string;
  color: string;
  dash: number[];
  points: { x: number; y: number }[];
}

/** Unit factor and label of a quantity for the user's unit preference (lengths: cm or in; angles: degrees). */
export function unitOf(
  column: string,
  units: UnitSystem,
  inDegrees: boolean,
): { factor: number; unit: string } {
  const kind = quantityKind(column);
  if (kind === 'time') return { factor: 1, unit: 's' };
  if (kind === 'length')
    return units === 'imperial' ? { factor: 39.3701, unit: 'in' } : { factor: 100, unit: 'cm' };
  return inDegrees ? { factor: 1, unit: '°' } : { factor: 180 / Math.PI, unit: '°' };
}

/** `n` colours from a named scale, avoiding the washed-out light end. */
export function scaleColors(name: ColorScaleName, n: number): string[] {
  const spec = COLOR_SCALES[name];
  const scale = (typeof spec === 'string' ? chroma.scale(spec) : chroma.scale([...spec])).domain([0, 1]);
  // Keep away from the near-white end of each scale so lines stay visible on white.
  const lightEnd = name === 'Viridis' ? 0.9 : name === 'Hot' ? 0.62 : 1;
  const darkStart = name === 'Viridis' || name === 'Hot' ? 0 : 0.35;
  if (n <= 1) return [scale(darkStart + (lightEnd - darkStart) / 2).hex()];
  return Array.from({ length: n }, (_, i) => scale(darkStart + ((lightEnd - darkStart) * i) / (n - 1)).hex());
}

/**
 * Chart series: one per trial and Y quantity. Colours go per trial and dash patterns per quantity; the trial's
 * offset moves it along time when time is on the X axis.
 */
export function buildSeries(
  trials: TrialTable[],
  x: string,
  ys: string[],
  colorScale: ColorScaleName,
  units: UnitSystem,
): Series[] {
  const colors = scaleColors(colorScale, trials.length);
  const out: Series[] = [];
  trials.forEach((t, ti) => {
    const xs = t.table.data[x];
    if (!xs) return;
    const xu = unitOf(x, units, t.table.inDegrees);
    const shift = x === 'time' ? t.offset : 0;
    ys.forEach((y, qi) => {
      const values = t.table.data[y];
      if (!values) return;
      const yu = unitOf(y, units, t.table.inDegrees);
      out.push({
        label: `${t.label} · ${y}`,
        color: colors[ti],
        dash: DASH_PATTERNS[qi % DASH_PATTERNS.length],
        points: values.map((v, i) => ({ x: xs[i] * xu.factor + shift, y: v * yu.factor })),
      });
    });
  });
  return out;
}

/** Axis title from the quantities shown: their unit, e.g. 'knee_angle_r (°)'. */
export function axisTitle(columns: string[], units: UnitSystem): string {
  if (columns.length === 0) return '';
  const u = [...new Set(columns.map((c) => unitOf(c, units, true).unit))];
  const names =
    columns.length <= 3 ? columns.join(', ') : i18n.t('charts:quantities', { count: columns.length });
  return `${names} (${u.join(', ')})`;
}
