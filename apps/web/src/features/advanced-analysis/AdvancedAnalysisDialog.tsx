import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { AnalysisFunctionItem, Trial } from '@poselab/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { isCalibration, isNeutral } from '../session-view/trial-status';
import { useAnalysisFunctions, useInvokeAnalysis, usePendingTaskPolls } from './api';
import { registerAnalysisCatalogue } from './catalogue';
import { downloadMetricsCsv, downloadResultJson } from './downloads';
import { FunctionCard, type MenuAction } from './FunctionCard';

registerAnalysisCatalogue();

/** SPEC §4: only processed trials that are not neutral or calibration (and not in the recycle bin) are analysed. */
export function isAnalysable(t: Trial): boolean {
  return t.status === 'done' && !t.trashed && !isNeutral(t) && !isCalibration(t);
}

/**
 * SPEC §2 Advanced Analysis: the functions with description and info, the chosen trials' states (Not run,
 * Calculating, successfull, failed in red with its message), run and re-run, and a done result's menu. States
 * of calculating tasks are polled every second.
 */
export function AdvancedAnalysisDialog({
  open,
  onClose,
  sessionId,
  trial,
  trials,
}: {
  open: boolean;
  onClose: () => void;
  sessionId: string;
  trial: Trial;
  trials: Trial[];
}) {
  const { t, i18n } = useTranslation('analysis');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const analysable = useMemo(() => trials.filter(isAnalysable), [trials]);
  const [chosen, setChosen] = useState<string[]>(() => (isAnalysable(trial) ? [trial.id] : []));
  const chosenTrials = analysable.filter((x) => chosen.includes(x.id));
  const functions = useAnalysisFunctions(sessionId);
  usePendingTaskPolls(sessionId, functions.data);
  const invoke = useInvokeAnalysis(sessionId);

  const run = (fn: AnalysisFunctionItem) =>
    invoke.mutate(
      { functionId: fn.id, trialNames: chosenTrials.map((x) => x.name) },
      { onError: (err) => toast.error(errorText(err)) },
    );
  const onMenu: MenuAction = (target, fn, entry) => {
    const fail = (err: unknown) => toast.error(errorText(err));
    if (entry.id === 'dashboard') {
      const state = fn.states[target.id];
      if (!state?.dashboard_id) return;
      // The dashboard compares: it opens with this trial first, then every other chosen trial done on it.
      const shown = [target, ...chosenTrials.filter((x) => x.id !== target.id)].filter(
        (x) =>
          fn.states[x.id]?.state === 'successfull' && fn.states[x.id]?.dashboard_id === state.dashboard_id,
      );
      onClose();
      navigate(
        `${routePath('AnalysisDashboard', { id: state.dashboard_id })}?trialId=${shown
          .map((x) => encodeURIComponent(x.id))
          .join(',')}`,
      );
    } else if (entry.id === 'result_json') {
      downloadResultJson(target, fn.id, entry.result_tag).catch(fail);
    } else {
      downloadMetricsCsv(target, fn.id, entry.result_tag, i18n.language).catch(fail);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>{t('dialog.title', { trial: trial.name })}</DialogTitle>
      <DialogContent dividers>
        {functions.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={t('dialog.loading')} />
          </Box>
        ) : functions.error ? (
          <Alert severity="error">{errorText(functions.error)}</Alert>
        ) : !functions.data.length ? (
          <DialogContentText>{t('dialog.noFunctions')}</DialogContentText>
        ) : (
          <Stack spacing={2}>
            {!isAnalysable(trial) && (
              <Alert severity="info">{t('dialog.notAnalysable', { trial: trial.name })}</Alert>
            )}
            {analysable.length === 0 ? (
              <Alert severity="info">{t('dialog.noAnalysable')}</Alert>
            ) : (
              <Autocomplete
                multiple
                options={analysable.map((x) => x.id)}
                getOptionLabel={(id) => analysable.find((x) => x.id === id)?.name ?? id}
                value={chosen.filter((id) => analysable.some((x) => x.id === id))}
                onChange={(_e, v) => setChosen(v)}
                renderValue={(value, getItemProps) =>
                  value.map((id, index) => {
                    const { key, ...rest } = getItemProps({ index });
                    return (
                      <Chip
                        key={key}
                        size="small"
                        label={analysable.find((x) => x.id === id)?.name}
                        {...rest}
                      />
                    );
                  })
                }
                renderInput={(params) => (
                  <TextField {...params} label={t('dialog.trials')} helperText={t('dialog.trialsHelp')} />
                )}
              />
            )}
            {functions.data.map((fn) => (
              <FunctionCard
                key={fn.id}
                fn={fn}
                trials={chosenTrials}
                running={invoke.isPending}
                starting={invoke.isPending && invoke.variables?.functionId === fn.id}
                onRun={run}
                onMenu={onMenu}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
