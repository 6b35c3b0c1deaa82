import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CHECKERBOARD_DEFAULTS, DEVICE_MESSAGES, MIN_CAMERAS, getTrialEndpoint } from '@poselab/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { localizeMessage } from '../../i18n/contract-messages';
import { authStore } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { calibrationCaption, captureApi, useCaptureStatus, type CaptureStatusReply } from './api';
import { calibrationViewOf, latestCalibration, type CalibrationView } from './calibration-result';
import { CalibrationResults } from './CalibrationResults';
import { ImportCalibration } from './ImportCalibration';
import { ReconnectPhoneDialog } from './ReconnectPhoneDialog';
import { useTrialRun } from './use-trial-run';
import { WaitingForPhones } from './WaitingForPhones';
import { checkerboardErrors } from './checkerboard-form';
import { Card, ConnectedPhones, WizardSteps, type WizardStep } from './WizardParts';

type Placement = 'Perpendicular' | 'Lying';

/** SPEC §2 Calibration (step 2) with the flow of SPEC §4. */
export default function CalibrationPage() {
  const { t } = useTranslation(['wizard', 'common']);
  const { id: routeId } = useParams();
  const sessionId = routeId || authStore.get().currentSessionId || '';
  const navigate = useNavigate();
  const [rows, setRows] = useState<number>(CHECKERBOARD_DEFAULTS.rows);
  const [cols, setCols] = useState<number>(CHECKERBOARD_DEFAULTS.cols);
  const [square, setSquare] = useState<number>(CHECKERBOARD_DEFAULTS.squareSizeMm);
  const [placement, setPlacement] = useState<Placement>(CHECKERBOARD_DEFAULTS.placement);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<CalibrationView | null>(null);
  const [viewLoad, setViewLoad] = useState<{ trialId: string; state: 'loading' | 'error' } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { t: tc } = useTranslation('calibration');
  const live = useCaptureStatus(sessionId, 1000);
  const { t: ts } = useTranslation('security');
  const [cancelling, setCancelling] = useState(false);

  /** Loads a processed calibration trial: its per-camera report and images, shown before Confirm. */
  const loadView = useCallback(async (trialId: string) => {
    setViewLoad({ trialId, state: 'loading' });
    try {
      const trial = await apiCall(getTrialEndpoint, { params: { id: trialId } });
      setView(calibrationViewOf(trial));
      setFailed(trial.status === 'error');
      setViewLoad(null);
    } catch {
      setViewLoad({ trialId, state: 'error' });
    }
  }, []);

  // Back on this step after a calibration was processed: show its result again.
  useEffect(() => {
    if (!sessionId) return;
    let stop = false;
    void captureApi
      .status(sessionId, undefined, true)
      .then((st) => {
        const latest = latestCalibration(st.session?.trials ?? []);
        if (stop || !latest || (latest.status !== 'done' && latest.status !== 'error')) return;
        setView((v) => v ?? calibrationViewOf(latest));
        setFailed((f) => f || latest.status === 'error');
      })
      .catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [sessionId]);

  const finish = async (st: CaptureStatusReply) => {
    // The upload and processing notes are over: the result takes their place.
    toast.close();
    if (st.status === 'error') setFailed(true);
    if (st.trial_id) await loadView(st.trial_id);
    else if (st.status === 'error') setError(localizeMessage(st.message ?? t('finishedWithError')));
  };
  const run = useTrialRun(sessionId, (st) => void finish(st));

  /** SPEC §4: only on Confirm are the calibrated cameras counted and the user sent on to the Neutral step. */
  const confirm = async () => {
    setConfirming(true);
    try {
      const n = (await captureApi.nCalibrated(sessionId)).data;
      if (n < MIN_CAMERAS) {
        setFailed(true);
        setError(
          localizeMessage(
            n === 0 ? DEVICE_MESSAGES.noCalibratedCameras : DEVICE_MESSAGES.oneCalibratedCamera,
          ),
        );
        return;
      }
      toast.success(DEVICE_MESSAGES.calibrated(n));
      navigate(routePath('Neutral', { id: sessionId }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setConfirming(false);
    }
  };

  const calibrate = async (recalibrate?: string) => {
    setStarting(true);
    setError(null);
    setFailed(false);
    setView(null);
    setViewLoad(null);
    try {
      await captureApi.setMetadata(sessionId, {
        cb_rows: rows,
        cb_cols: cols,
        cb_square: square,
        cb_placement: placement,
      });
      const res = await captureApi.record(sessionId, {
        name: 'calibration',
        ...(recalibrate ? { recalibrate } : {}),
      });
      run.start(res.id);
    } catch (err) {
      setError(errorText(err));
      setFailed(true);
    } finally {
      setStarting(false);
    }
  };

  const st = run.status;
  const busy = starting || run.running;
  // A recording waiting for a phone never holds the page: the user may leave it or give it up.
  const waiting = busy && st?.status === 'uploading';
  const cancelWaiting = async () => {
    setCancelling(true);
    try {
      await captureApi.cancel(sessionId);
      run.reset();
    } catch (err) {
      toast.error(ts('waiting.cancelFailed', { message: errorText(err) }));
    } finally {
      setCancelling(false);
    }
  };
  // SPEC §4: a snackbar with the count of uploaded videos while uploading, and a note when processing starts.
  const uploadNote =
    busy && st?.status === 'uploading'
      ? t('calibration.videosUploadedNote', {
          uploaded: st.n_videos_uploaded,
          expected: st.n_videos_expected,
        })
      : null;
  const processingNote = busy && st?.status === 'processing';
  useEffect(() => {
    if (uploadNote) toast.info(uploadNote);
  }, [uploadNote]);
  useEffect(() => {
    if (processingNote) toast.info(t('calibration.processing'));
  }, [processingNote, t]);
  const done = !busy && !failed && view?.status === 'done' && (view.report?.ok ?? true);
  const caption = failed
    ? t('captions.rerecord')
    : calibrationCaption(busy ? (st?.status ?? 'recording') : done ? 'done' : null, busy);
  // The count is the calibration recording's: this page's run, or one still uploading from before. The session's
  // latest trial may be another (a neutral or an abandoned trial): its count says nothing here.
  const uploaded = st ?? (live.data?.trial_name === 'calibration' ? live.data : null);
  const boardErrors = checkerboardErrors(rows, cols, square);
  const validBoard = !boardErrors.rows && !boardErrors.cols && !boardErrors.square;
  const expectedVideos = uploaded?.n_videos_expected ?? 0;
  const stepsDone: WizardStep[] = [
    ...((live.data?.n_cameras_connected ?? 0) >= MIN_CAMERAS ? (['connect'] as const) : []),
    ...(done ? (['calibration'] as const) : []),
  ];

  return (
    <Page title={t('calibration.title')}>
      <WizardSteps active={1} done={stepsDone} />
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* SPEC §2 'N of M videos uploaded', once a calibration recording expects videos (nothing beforehand). */}
        <Typography variant="h6" component="p" aria-live="polite">
          {expectedVideos > 0
            ? t('calibration.videosUploaded', {
                uploaded: uploaded?.n_videos_uploaded ?? 0,
                expected: expectedVideos,
              })
            : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <ReconnectPhoneDialog sessionId={sessionId} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Card title={t('calibration.placeTitle')}>
          <Typography variant="body1" sx={{ mb: 2 }}>
            {t(`calibration.placement.${placement}`)}
          </Typography>
          <ConnectedPhones status={live.data} />
        </Card>
        <Card title={t('calibration.boardTitle')}>
          <Stack spacing={2} sx={{ minWidth: { md: 320 } }}>
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('calibration.rows')}
                type="number"
                value={rows}
                onChange={(e) => setRows(Number(e.target.value))}
                slotProps={{ htmlInput: { min: 2, max: 50, step: 1 } }}
                error={Boolean(boardErrors.rows)}
                helperText={boardErrors.rows ? t(boardErrors.rows) : t('calibration.innerCorners')}
                disabled={busy}
                fullWidth
              />
              <TextField
                label={t('calibration.columns')}
                type="number"
                value={cols}
                onChange={(e) => setCols(Number(e.target.value))}
                slotProps={{ htmlInput: { min: 2, max: 50, step: 1 } }}
                error={Boolean(boardErrors.cols)}
                helperText={boardErrors.cols ? t(boardErrors.cols) : t('calibration.innerCorners')}
                disabled={busy}
                fullWidth
              />
            </Stack>
            <TextField
              label={t('calibration.square')}
              type="number"
              value={square}
              onChange={(e) => setSquare(Number(e.target.value))}
              slotProps={{ htmlInput: { min: 1, max: 1000, step: 0.5 } }}
              error={Boolean(boardErrors.square)}
              helperText={boardErrors.square ? t(boardErrors.square) : undefined}
              disabled={busy}
            />
            <FormControl disabled={busy}>
              <FormLabel id="placement-label">{t('calibration.placementLabel')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="placement-label"
                value={placement}
                onChange={(e) => setPlacement(e.target.value as Placement)}
              >
                <FormControlLabel
                  value="Perpendicular"
                  control={<Radio />}
                  label={t('calibration.perpendicular')}
                />
                <FormControlLabel value="Lying" control={<Radio />} label={t('calibration.lying')} />
              </RadioGroup>
            </FormControl>
          </Stack>
        </Card>
      </Stack>
      {waiting && st ? (
        <WaitingForPhones status={st} onCancel={() => void cancelWaiting()} cancelling={cancelling} />
      ) : null}
      {busy && st?.status === 'processing' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('calibration.processing')}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      {viewLoad?.state === 'loading' ? (
        <Stack direction="row" role="status" sx={{ mt: 3, gap: 1.5, alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{tc('results.loading')}</Typography>
        </Stack>
      ) : null}
      {viewLoad?.state === 'error' ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void loadView(viewLoad.trialId)}>
              {tc('results.retry')}
            </Button>
          }
        >
          {tc('results.loadError')}
        </Alert>
      ) : null}
      {view && !busy ? (
        <CalibrationResults view={view} busy={busy} onRecordOne={(id) => void calibrate(id)} />
      ) : null}
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Button
          variant="outlined"
          onClick={() => navigate(routePath('ConnectDevicesForId', { id: sessionId }))}
          disabled={busy && !waiting}
        >
          {t('common:actions.back')}
        </Button>
        <Stack
          direction="row"
          useFlexGap
          sx={{ gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center' }}
        >
          <ImportCalibration
            sessionId={sessionId}
            disabled={busy}
            onImported={(message) => {
              toast.success(message);
              navigate(routePath('Neutral', { id: sessionId }));
            }}
          />
          {done ? (
            <Button variant="outlined" size="large" onClick={() => void calibrate()} disabled={!validBoard}>
              {tc('results.recordAll')}
            </Button>
          ) : null}
          <Button
            variant="contained"
            size="large"
            onClick={() => void (done ? confirm() : calibrate())}
            disabled={busy || confirming || !validBoard}
          >
            {caption}
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
