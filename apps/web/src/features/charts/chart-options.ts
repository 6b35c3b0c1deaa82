/** SPEC §9 chart constants and the options menu's state. */
export const POINT_STYLES = [
  'none',
  'circle',
  'cross',
  'crossRot',
  'dash',
  'line',
  'rect',
  'rectRounded',
  'rectRot',
  'star',
  'triangle',
] as const;
export type PointStyleName = (typeof POINT_STYLES)[number];

export const LEGEND_POSITIONS = ['top', 'right', 'bottom', 'left', 'chartArea'] as const;
export const LEGEND_ALIGNMENTS = ['start', 'center', 'end'] as const;

/** Colour scales by their menu name → chroma-js scale (brewer names or colour lists). */
export const COLOR_SCALES = {
  Viridis: 'Viridis',
  Hot: ['#000000', '#e60000', '#ffd200', '#ffffff'],
  'Yellow-Blue': 'YlGnBu',
  'Yellow-Green': 'YlGn',
  Grays: 'Greys',
  Blues: 'Blues',
} as const;
export type ColorScaleName = keyof typeof COLOR_SCALES;

/** Dash patterns cycled per quantity (SPEC §9: 7). */
export const DASH_PATTERNS: number[][] = [[], [12, 6], [3, 4], [12, 4, 3, 4], [20, 6], [6, 6], [2, 8]];

export interface ChartOptionsState {
  title: string;
  subtitle: string;
  xTitle: string;
  yTitle: string;
  lineWidth: number;
  pointStyle: PointStyleName;
  pointSize: number;
  legendPosition: (typeof LEGEND_POSITIONS)[number];
  legendAlign: (typeof LEGEND_ALIGNMENTS)[number];
  colorScale: ColorScaleName;
}

/** SPEC §9 chart defaults: line width 5, point radius 12, point style none. */
export const DEFAULT_CHART_OPTIONS: ChartOptionsState = {
  title: '',
  subtitle: '',
  xTitle: '',
  yTitle: '',
  lineWidth: 5,
  pointStyle: 'none',
  pointSize: 12,
  legendPosition: 'top',
  legendAlign: 'center',
  colorScale: 'Viridis',
};

/** SPEC §5 and §9: an offset must be a number ('Must be a number'); it is rounded to 4 decimals. */
export function parseOffset(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n * 1e4) / 1e4 : null;
}
