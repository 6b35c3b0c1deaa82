import { Box } from '@mui/material';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOptionsState } from './chart-options';
import { KinematicsChart } from './KinematicsChart';
import type { Series } from './series';

export interface ChartHandle {
  resetZoom(): void;
  toPng(): string | null;
}

/** Hosts the KinematicsChart instance: created on mount, fed on every change, destroyed on unmount. */
export const ChartCanvas = forwardRef<
  ChartHandle,
  { series: Series[]; options: ChartOptionsState; xTitle: string; yTitle: string }
>(function ChartCanvas({ series, options, xTitle, yTitle }, ref) {
  const { t } = useTranslation('charts');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<KinematicsChart | null>(null);
  useImperativeHandle(ref, () => ({
    resetZoom: () => chart.current?.resetZoom(),
    toPng: () => chart.current?.toPng() ?? null,
  }));
  useEffect(() => {
    if (!canvas.current) return;
    const c = new KinematicsChart(canvas.current);
    chart.current = c;
    return () => {
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.update(series, options, xTitle, yTitle);
  }, [series, options, xTitle, yTitle]);
  return (
    <Box sx={{ position: 'relative', height: { xs: 360, sm: 480 } }}>
      <canvas ref={canvas} aria-label={t('chart')} role="img" data-testid="kinematics-chart" />
    </Box>
  );
});
