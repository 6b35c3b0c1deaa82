import { Box, Button, MenuItem, TextField } from '@mui/material';
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
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
        gap: 1.5,
        p: 2,
        maxWidth: 520,
      }}
    >
      {text('title', 'Title')}
      {text('subtitle', 'Subtitle')}
      {text('xTitle', 'X axis title')}
      {text('yTitle', 'Y axis title')}
      {num('lineWidth', 'Line width')}
      {select('pointStyle', 'Point style', POINT_STYLES)}
      {num('pointSize', 'Point size')}
      {select('legendPosition', 'Legend position', LEGEND_POSITIONS)}
      {select('legendAlign', 'Legend alignment', LEGEND_ALIGNMENTS)}
      {select('colorScale', 'Colour scale', Object.keys(COLOR_SCALES) as ColorScaleName[])}
      <Button variant="outlined" onClick={onResetZoom}>
        Reset Zoom
      </Button>
    </Box>
  );
}
