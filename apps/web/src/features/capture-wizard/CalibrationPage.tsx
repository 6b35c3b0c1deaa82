import {
  Alert,
  Box,
  Button,
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
import { useEffect, useState } from 'react';
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
import { ImportCalibration } from './ImportCalibration';
import { ReconnectPhoneDialog } from './ReconnectPhoneDialog';
import { useTrialRun } from './use-trial-run';
import { Card, ConnectedPhones, WizardSteps } from './WizardParts';

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
  const live = useCaptureStatus(sessionId, 1000);

  const finish = async (st: CaptureStatusReply) => {
    if (st.status === 'error') {
      setFailed(true);
      const trial = st.trial_id
        ? await apiCall(getTrialEndpoint, { params: { id: st.trial_id } }).catch(() => null)
        : null;
      setError(localizeMessage(trial?.meta.error_msg ?? st.message ?? t('finishedWithError')));
      return;
    }
    const n = (await captureApi.nCalibrated(sessionId)).data;
    if (n < MIN_CAMERAS) {
      setFailed(true);
      setError(
        localizeMessage(n === 0 ? DEVICE_MESSAGES.noCalibratedCameras : DEVICE_MESSAGES.oneCalibratedCamera),
      );
      return;
    }
    toast.success(DEVICE_MESSAGES.calibrated(n));
    navigate(routePath('Neutral', { id: sessionId }));
  };
  const run = useTrialRun(sessionId, (st) => void finish(st));

  const calibrate = async () => {
    setStarting(true);
    setError(null);
    setFailed(false);
    try {
      await captureApi.setMetadata(sessionId, {
        cb_rows: rows,
        cb_cols: cols,
        cb_square: square,
        cb_placement: placement,
      });
      const res = await captureApi.record(sessionId, { name: 'calibration' });
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
  const caption = failed
    ? t('captions.rerecord')
    : calibrationCaption(busy ? (st?.status ?? 'recording') : null, busy);
  const uploaded = st ?? live.data;
  const validBoard = rows >= 2 && cols >= 2 && square > 0;

  return (
    <Page title={t('calibration.title')}>
      <WizardSteps active={1} />
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" aria-live="polite">
          {t('calibration.videosUploaded', {
            uploaded: uploaded?.n_videos_uploaded ?? 0,
            expected: uploaded?.n_videos_expected || uploaded?.n_cameras_connected || 0,
          })}
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
                slotProps={{ htmlInput: { min: 2, max: 50 } }}
                helperText={t('calibration.innerCorners')}
                disabled={busy}
                fullWidth
              />
              <TextField
                label={t('calibration.columns')}
                type="number"
                value={cols}
                onChange={(e) => setCols(Number(e.target.value))}
                slotProps={{ htmlInput: { min: 2, max: 50 } }}
                helperText={t('calibration.innerCorners')}
                disabled={busy}
                fullWidth
              />
            </Stack>
            <TextField
              label={t('calibration.square')}
              type="number"
              value={square}
              onChange={(e) => setSquare(Number(e.target.value))}
              slotProps={{ htmlInput: { min: 1, step: 0.5 } }}
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
      {busy && st?.status === 'uploading' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {st.message
            ? localizeMessage(st.message)
            : t('calibration.videosUploadedNote', {
                uploaded: st.n_videos_uploaded,
                expected: st.n_videos_expected,
              })}
        </Alert>
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
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Button
          variant="outlined"
          onClick={() => navigate(routePath('ConnectDevicesForId', { id: sessionId }))}
          disabled={busy}
        >
          {t('common:actions.back')}
        </Button>
        <Stack direction="row" spacing={2}>
          <ImportCalibration
            sessionId={sessionId}
            disabled={busy}
            onImported={(n) => {
              toast.success(DEVICE_MESSAGES.calibrated(n));
              navigate(routePath('Neutral', { id: sessionId }));
            }}
          />
          <Button
            variant="contained"
            size="large"
            onClick={() => void calibrate()}
            disabled={busy || !validBoard}
          >
            {caption}
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
