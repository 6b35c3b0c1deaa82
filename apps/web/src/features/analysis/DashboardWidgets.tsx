import { Box, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import type { DashboardLayout, DashboardWidget, Trial } from '@poselab/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerPanel } from '../session-view/viewer/ViewerPanel';
import { WidgetHost } from './WidgetHost';
import { chartQuantities, LinearChartWidget } from './widgets/LinearChartWidget';
import { MetricBarsWidget } from './widgets/MetricBarsWidget';
import { AmplitudesWidget, InfoTextWidget, ScalarValuesWidget } from './widgets/ValueListWidgets';
import type { WidgetInput, WidgetLocale, WidgetTrial } from './widgets/types';

const CREATE = {
  metric_bars: (root: HTMLElement) => new MetricBarsWidget(root),
  amplitudes: (root: HTMLElement) => new AmplitudesWidget(root),
  scalar_values: (root: HTMLElement) => new ScalarValuesWidget(root),
  info_text: (root: HTMLElement) => new InfoTextWidget(root),
};

function LinearChartFrame({
  widget,
  trials,
  locale,
}: {
  widget: DashboardWidget;
  trials: WidgetTrial[];
  locale: WidgetLocale;
}) {
  const { t } = useTranslation('dashboard');
  const [normalized, setNormalized] = useState(widget.normalized ?? true);
  const [quantity, setQuantity] = useState('');
  const results = trials.map((x) => x.result);
  const quantities = chartQuantities(results, normalized, widget.quantities);
  const shown = quantities.includes(quantity) ? quantity : (quantities[0] ?? '');
  const input = useMemo<WidgetInput>(
    () => ({ widget, trials, locale, normalized, quantity: shown }),
    [widget, trials, locale, normalized, shown],
  );
  const labelOf = (q: string) =>
    locale.label('quantities', q, results.map((r) => r.quantities[q]?.label).find(Boolean) ?? q);
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          size="small"
          label={t('widgets.quantity')}
          value={shown}
          onChange={(e) => setQuantity(e.target.value)}
          sx={{ minWidth: 200, flex: '1 1 200px' }}
          disabled={quantities.length === 0}
        >
          {quantities.map((q) => (
            <MenuItem key={q} value={q}>
              {labelOf(q)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={normalized} onChange={(e) => setNormalized(e.target.checked)} />}
          label={t('widgets.normalized')}
        />
      </Stack>
      <WidgetHost
        create={(root) => new LinearChartWidget(root)}
        input={input}
        height={{ xs: 280, sm: 340 }}
        testId="widget-linear_chart"
      />
    </>
  );
}

function WidgetFrame({
  widget,
  trials,
  viewerTrials,
  locale,
}: {
  widget: DashboardWidget;
  trials: WidgetTrial[];
  viewerTrials: Trial[];
  locale: WidgetLocale;
}) {
  const { t } = useTranslation('dashboard');
  const input = useMemo<WidgetInput>(() => ({ widget, trials, locale }), [widget, trials, locale]);
  const title = widget.title ?? t(`widgets.titles.${widget.type}`);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      component="section"
      aria-label={title}
    >
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      {widget.type === 'visualizer' ? (
        viewerTrials.length > 0 ? (
          <ViewerPanel trials={viewerTrials} />
        ) : (
          <Typography color="text.secondary">{t('widgets.empty')}</Typography>
        )
      ) : widget.type === 'linear_chart' ? (
        <LinearChartFrame widget={widget} trials={trials} locale={locale} />
      ) : (
        <WidgetHost create={CREATE[widget.type]} input={input} testId={`widget-${widget.type}`} />
      )}
    </Paper>
  );
}

/** The dashboard's layout: columns of widgets (stacked on phones), each fed the chosen trials. */
export function DashboardWidgets({
  layout,
  trials,
  viewerTrials,
  locale,
}: {
  layout: DashboardLayout;
  trials: WidgetTrial[];
  viewerTrials: Trial[];
  locale: WidgetLocale;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'repeat(12, minmax(0, 1fr))' },
        gap: 2,
        minWidth: 0,
      }}
    >
      {layout.columns.map((col, i) => (
        <Stack key={i} spacing={2} sx={{ gridColumn: { lg: `span ${col.width}` }, minWidth: 0 }}>
          {col.widgets.map((w, k) => (
            <WidgetFrame key={k} widget={w} trials={trials} viewerTrials={viewerTrials} locale={locale} />
          ))}
        </Stack>
      ))}
    </Box>
  );
}
