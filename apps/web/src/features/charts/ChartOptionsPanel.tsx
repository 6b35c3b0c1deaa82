import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  COLOR_SCALES,
  LEGEND_ALIGNMENTS,
  LEGEND_POSITIONS,
  POINT_STYLES,
  type ChartOptionsState,
  type ColorScaleName,
} from './chart-options';

/** SPEC §2 options menu: titles, line and point style, legend, colour scale and Reset Zoom. */
export function ChartOptionsPanel({
  value,
  onChange,
  onResetZoom,
}: {
  value: ChartOptionsState;
  onChange: (v: ChartOptionsState) => void;
  onResetZoom: () => void;
}) {
  const { t } = useTranslation('charts');
  const set = <K extends keyof ChartOptionsState>(k: K, v: ChartOptionsState[K]) =>
    onChange({ ...value, [k]: v });
  const text = (k: 'title' | 'subtitle' | 'xTitle' | 'yTitle', label: string) => (
    <TextField size="small" label={label} value={value[k]} onChange={(e) => set(k, e.target.value)} />
  );
  const num = (k: 'lineWidth' | 'pointSize', label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value[k]}
      slotProps={{ htmlInput: { min: 0, max: 40, step: 1 } }}
      onChange={(e) => {
        const n = Number(e.target.value);
        if (Number.isFinite(n) && n >= 0) set(k, n);
      }}
    />
  );
  const select = <K extends 'pointStyle' | 'legendPosition' | 'legendAlign' | 'colorScale'>(
    k: K,
    label: string,
    options: readonly string[],
    labels: string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value[k]}
      onChange={(e) => set(k, e.target.value as ChartOptionsState[K])}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {t(`${labels}.${o}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 1.5,
        p: 2,
        maxWidth: 520,
      }}
    >
      {text('title', t('optionsPanel.title'))}
      {text('subtitle', t('optionsPanel.subtitle'))}
      {text('xTitle', t('optionsPanel.xTitle'))}
      {text('yTitle', t('optionsPanel.yTitle'))}
      {num('lineWidth', t('optionsPanel.lineWidth'))}
      {select('pointStyle', t('optionsPanel.pointStyle'), POINT_STYLES, 'pointStyles')}
      {num('pointSize', t('optionsPanel.pointSize'))}
      {select('legendPosition', t('optionsPanel.legendPosition'), LEGEND_POSITIONS, 'legendPositions')}
      {select('legendAlign', t('optionsPanel.legendAlign'), LEGEND_ALIGNMENTS, 'legendAlignments')}
      {select(
        'colorScale',
        t('optionsPanel.colorScale'),
        Object.keys(COLOR_SCALES) as ColorScaleName[],
        'colorScales',
      )}
      <Button variant="outlined" onClick={onResetZoom}>
        {t('optionsPanel.resetZoom')}
      </Button>
    </Box>
  );
}
