import type { AnalysisResult, DashboardWidget } from '@poselab/contract';

/** One chosen trial as the widgets draw it. */
export interface WidgetTrial {
  key: string;
  label: string;
  color: string;
  dash: readonly number[];
  result: AnalysisResult;
  /** Time offset (s) for charts over time. */
  offset: number;
}

/** Texts and number formatting from React's i18n, so widget classes stay free of React. */
export interface WidgetLocale {
  /** The Intl locale of the UI language (de-DE), for the charts' axis numbers. */
  intl: string;
  t: (key: string, options?: Record<string, unknown>) => string;
  number: (value: number, decimals: number) => string;
  /**
   * An analysis label in the UI language by its stable key (packages/analysis catalogue, namespace
   * 'analysis-functions'), the English label stored in the result when the catalogue lacks it.
   */
  label: (
    field: 'metrics' | 'amplitudes' | 'scalar_values' | 'quantities',
    key: string,
    stored: string,
  ) => string;
  /** Any analysis catalogue text by key ('metrics.gait_speed.info'), `stored` when the catalogue lacks it. */
  text: (key: string, stored: string) => string;
  /** A result's summary (its info text) in the UI language. */
  summary: (result: Pick<AnalysisResult, 'info_text' | 'details'>) => string;
}

export interface WidgetInput {
  widget: DashboardWidget;
  trials: WidgetTrial[];
  locale: WidgetLocale;
  /** linear_chart: normalised 0–100 % (mean ± SD) or over time. */
  normalized?: boolean;
  /** linear_chart: the quantity drawn. */
  quantity?: string;
}

/** A dashboard widget: a plain class owning its DOM, fed by React with `update`, never re-rendered by it. */
export interface DashboardWidgetView {
  update(input: WidgetInput): void;
  dispose(): void;
}

/** Keys of a record field over the trials' results, in first-seen order (or the widget's own list). */
export function widgetKeys(input: WidgetInput, field: 'metrics' | 'amplitudes' | 'scalar_values'): string[] {
  if (input.widget.keys?.length) return input.widget.keys;
  const keys: string[] = [];
  for (const tr of input.trials)
    for (const k of Object.keys(tr.result[field])) if (!keys.includes(k)) keys.push(k);
  return keys;
}
