import { Box, Button, Chip, CircularProgress, Collapse, Paper, Stack, Typography } from '@mui/material';
import type { AnalysisFunctionItem, AnalysisMenuEntry, AnalysisTrialState, Trial } from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_CATALOGUE_NAMESPACE } from './catalogue';

export type MenuAction = (trial: Trial, fn: AnalysisFunctionItem, entry: AnalysisMenuEntry) => void;

const CHIP_COLOR = { not_run: 'default', pending: 'info', successfull: 'success', failed: 'error' } as const;

/** One trial's state for a function: Not run, Calculating, successfull (with the menu) or failed in red. */
function TrialState({
  trial,
  fn,
  state: stored,
  starting,
  onMenu,
}: {
  trial: Trial;
  fn: AnalysisFunctionItem;
  state: AnalysisTrialState | undefined;
  starting: boolean;
  onMenu: MenuAction;
}) {
  const { t } = useTranslation(['analysis', ANALYSIS_CATALOGUE_NAMESPACE]);
  // While a run is being started the old state is stale: the row says Calculating at once, so a run that fails
  // before the list is read again still shows it was run.
  const state = starting ? undefined : stored;
  const key = starting ? 'pending' : (state?.state ?? 'not_run');
  const message = state?.message
    ? t(`${ANALYSIS_CATALOGUE_NAMESPACE}:errors.${state.message.code}`, {
        ...state.message.params,
        defaultValue: state.message.message,
      })
    : null;
  return (
    <Box
      data-testid={`analysis-state-${fn.id}-${trial.name}`}
      data-state={key}
      sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ fontWeight: 500, minWidth: 80, overflowWrap: 'anywhere' }}>{trial.name}</Typography>
        <Chip
          size="small"
          color={CHIP_COLOR[key]}
          variant={key === 'not_run' ? 'outlined' : 'filled'}
          icon={key === 'pending' ? <CircularProgress size={12} color="inherit" /> : undefined}
          label={t(`analysis:states.${key}`)}
        />
        {state?.state === 'successfull' &&
          state.menu.map((entry) => (
            <Button key={entry.id} size="small" onClick={() => onMenu(trial, fn, entry)}>
              {t(`${ANALYSIS_CATALOGUE_NAMESPACE}:menu.${entry.id}`, { defaultValue: entry.label })}
            </Button>
          ))}
      </Stack>
      {message && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }} role="alert">
          {message}
        </Typography>
      )}
    </Box>
  );
}

/** A function with its description, info, run / re-run on the chosen trials and each trial's state. */
export function FunctionCard({
  fn,
  trials,
  running,
  starting,
  onRun,
  onMenu,
}: {
  fn: AnalysisFunctionItem;
  trials: Trial[];
  /** Some function's run is being started (buttons wait). */
  running: boolean;
  /** This function's run is being started on these trials: they show Calculating until the list is read again. */
  starting: boolean;
  onRun: (fn: AnalysisFunctionItem) => void;
  onMenu: MenuAction;
}) {
  const { t } = useTranslation(['analysis', ANALYSIS_CATALOGUE_NAMESPACE]);
  const [about, setAbout] = useState(false);
  const text = (field: 'title' | 'description' | 'info') =>
    t(`${ANALYSIS_CATALOGUE_NAMESPACE}:functions.${fn.id}.${field}`, { defaultValue: fn[field] });
  const states = trials.map((trial) => fn.states[trial.id]);
  const calculating = states.some((s) => s?.state === 'pending');
  const ranBefore = states.some((s) => s !== undefined);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`analysis-function-${fn.id}`}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="subtitle1" component="h3">
            {text('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text('description')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="small"
          disabled={calculating || running || trials.length === 0}
          onClick={() => onRun(fn)}
          aria-label={`${ranBefore ? t('analysis:dialog.rerun') : t('analysis:dialog.run')} ${text('title')}`}
        >
          {ranBefore ? t('analysis:dialog.rerun') : t('analysis:dialog.run')}
        </Button>
      </Stack>
      <Button size="small" sx={{ px: 0, mt: 0.5 }} onClick={() => setAbout((v) => !v)} aria-expanded={about}>
        {t('analysis:dialog.about')}
      </Button>
      <Collapse in={about}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {text('info')}
        </Typography>
      </Collapse>
      {trials.map((trial) => (
        <TrialState
          key={trial.id}
          trial={trial}
          fn={fn}
          state={fn.states[trial.id]}
          starting={starting}
          onMenu={onMenu}
        />
      ))}
    </Paper>
  );
}
