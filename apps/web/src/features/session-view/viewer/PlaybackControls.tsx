import FastForwardIcon from '@mui/icons-material/FastForward';
import FastRewindIcon from '@mui/icons-material/FastRewind';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import { Box, IconButton, MenuItem, Slider, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { parseDecimal } from '../../../i18n/numbers';
import { PLAYBACK_SPEEDS, TIME_STEP } from '../../../viz/playback-clock';
import type { Visualizer, VisualizerState } from '../../../viz/Visualizer';

/**
 * SPEC §2 Visualizer controls: time field (step 0.01) and slider, speed, and the five transport buttons. The time
 * field is text in the UI language's writing (0,85 in German; a number input follows the browser's locale, not
 * the UI's) and reads either separator; the arrow keys step it by 0.01 as a number input would.
 */
export function PlaybackControls({ viz, state }: { viz: Visualizer | null; state: VisualizerState }) {
  const { t } = useTranslation('session');
  const format = useFormat();
  const [editing, setEditing] = useState<string | null>(null);
  const seconds = (v: number) =>
    format.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const shown = editing ?? seconds(state.time);
  const duration = Math.max(state.duration, TIME_STEP);
  const button = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={!viz} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1 }}>
      <TextField
        label={t('viewer.time')}
        size="small"
        value={shown}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'time-field' } }}
        sx={{ width: 110 }}
        onFocus={() => setEditing(seconds(state.time))}
        onBlur={() => setEditing(null)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          const to = Math.min(
            duration,
            Math.max(0, state.time + (e.key === 'ArrowUp' ? TIME_STEP : -TIME_STEP)),
          );
          viz?.seek(to);
          setEditing(seconds(to));
        }}
        onChange={(e) => {
          setEditing(e.target.value);
          const t = parseDecimal(e.target.value);
          if (t !== null) viz?.seek(t);
        }}
      />
      <Box sx={{ flex: '1 1 180px', px: 1, minWidth: 160 }}>
        <Slider
          aria-label={t('viewer.timeSlider')}
          min={0}
          max={duration}
          step={TIME_STEP}
          value={Math.min(state.time, duration)}
          onChange={(_e, v) => viz?.seek(v as number)}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => format.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        {button(t('viewer.toStart'), <SkipPreviousIcon />, () => viz?.toStart())}
        {button(t('viewer.back'), <FastRewindIcon />, () => viz?.step(-TIME_STEP))}
        {button(
          state.playing ? t('viewer.pause') : t('viewer.play'),
          state.playing ? <PauseIcon /> : <PlayArrowIcon />,
          () => viz?.togglePlay(),
        )}
        {button(t('viewer.forward'), <FastForwardIcon />, () => viz?.step(TIME_STEP))}
        {button(t('viewer.toEnd'), <SkipNextIcon />, () => viz?.toEnd())}
      </Box>
      <TextField
        select
        label={t('viewer.speed')}
        size="small"
        value={state.speed}
        onChange={(e) => viz?.setSpeed(Number(e.target.value))}
        sx={{ minWidth: 90 }}
        slotProps={{ htmlInput: { 'data-testid': 'speed-select' } }}
      >
        {PLAYBACK_SPEEDS.map((s) => (
          <MenuItem key={s} value={s}>
            {format.number(s)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
