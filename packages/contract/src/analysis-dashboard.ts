import { z } from 'zod';

/**
 * The layout of an analysis dashboard (SPEC §2 'Analysis dashboard'): data, not code. Each analysis function
 * brings its layout (packages/analysis registry); a user's dashboard for that function is created from it the
 * first time a result exists. The web app lays the widgets out in columns; each widget is a class fed with the
 * chosen trials' results.
 */
export const DASHBOARD_WIDGET_TYPES = [
  /** 3D visualizer of the chosen trials, side by side, synced. */
  'visualizer',
  /** Scalar plot: one bar per metric with its colour bands and a tick at each trial's value. */
  'metric_bars',
  /** Ranges (e.g. range of motion) with min and max. */
  'amplitudes',
  /** Values ± SD over repetitions (squat analysis values). */
  'scalar_values',
  /** Curves over time, or normalised 0–100 % (mean ± SD band) with the Normalized switch. */
  'linear_chart',
  /** The result's info text. */
  'info_text',
] as const;
export type DashboardWidgetType = (typeof DASHBOARD_WIDGET_TYPES)[number];

export const dashboardWidget = z.object({
  type: z.enum(DASHBOARD_WIDGET_TYPES),
  /** Shown above the widget; the widget's own default title when absent. */
  title: z.string().optional(),
  /** metric_bars, amplitudes, scalar_values: which entries (keys of the result's record), in order; all when absent. */
  keys: z.array(z.string()).optional(),
  /** linear_chart: the quantities drawn (keys of the result's datasets); the result's y_axis when absent. */
  quantities: z.array(z.string()).optional(),
  /** linear_chart: start normalised (0–100 %) rather than over time. */
  normalized: z.boolean().optional(),
});
export type DashboardWidget = z.infer<typeof dashboardWidget>;

export const dashboardLayout = z.object({
  columns: z
    .array(
      z.object({
        /** Share of the width on wide screens, in twelfths; columns stack on phones. */
        width: z.number().int().min(1).max(12),
        widgets: z.array(dashboardWidget),
      }),
    )
    .min(1),
});
export type DashboardLayout = z.infer<typeof dashboardLayout>;
