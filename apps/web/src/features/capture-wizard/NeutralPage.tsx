import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  DEVICE_MESSAGES,
  MIN_CAMERAS,
  getSessionEndpoint,
  getTrialEndpoint,
  type Subject,
} from '@poselab/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { i18n } from '../../i18n';
import { localizeMessage } from '../../i18n/contract-messages';
import { authStore } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { AdvancedSettingsDialog } from './AdvancedSettingsDialog';
import {
  calibrationCaptionKey,
  captureApi,
  useCalibratedCameras,
  useSessionFramerates,
  type CaptureStatusReply,
} from './api';
import { DataSharingCard } from './DataSharingCard';
import { DEFAULT_ADVANCED, validateNeutral, type NeutralForm } from './neutral-form';
import { ReconnectPhoneDialog } from './ReconnectPhoneDialog';
import { SessionInfoCard } from './SessionInfoCard';
import { useTrialRun } from './use-trial-run';
import { trialErrorText, WaitingForPhones } from './WaitingForPhones';
import { Card, WizardSteps } from './WizardParts';

function neutralCaption(status: string | null, busy: boolean): string {
  if (!busy && !status) return i18n.t('wizard:captions.record');
  const key = calibrationCaptionKey(status, busy);
  return i18n.t(`wizard:captions.${key === 'confirm' ? 'done' : key}`);
}

/** SPEC §2 Neutral (step 4) with the flow of SPEC §4. */
export default function NeutralPage() {
  const { t } = useTranslation(['wizard', 'common']);
  const { id: routeId } = useParams();
  const sessionId = routeId || authStore.get().currentSessionId || '';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useQuery({
    queryKey: ['session', sessionId],
    queryFn: () => apiCall(getSessionEndpoint, { params: { id: sessionId } }),
    enabled: Boolean(sessionId),
  });
  const calibrated = useCalibratedCameras(sessionId);
  const framerates = useSessionFramerates(sessionId);
  const [form, setForm] = useState<NeutralForm>({
    subject: null,
    sessionName: '',
    dataSharing: '',
    agreed: false,
    advanced: DEFAULT_ADVANCED,
  });
  const [submitted, setSubmitted] = useState(false);
  const { t: ts } = useTranslation('security');
  const [cancelling, setCancelling] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const loaded = useRef(false);
  const autoStarted = useRef(false);

  // Earlier choices of this session fill the form once.
  useEffect(() => {
    const s = session.data;
    if (!s || loaded.current) return;
    loaded.current = true;
    const st = s.meta.settings ?? {};
    setForm((f) => ({
      ...f,
      sessionName: s.meta.sessionName ?? '',
      dataSharing: (st.data_sharing as NeutralForm['dataSharing']) ?? '',
      agreed: Boolean(s.meta.subject),
      advanced: {
        framerate: st.framerate ?? DEFAULT_ADVANCED.framerate,
        scalingSetup: st.scaling_setup ?? DEFAULT_ADVANCED.scalingSetup,
        openSimModel:
          (st.openSimModel as NeutralForm['advanced']['openSimModel']) ?? DEFAULT_ADVANCED.openSimModel,
        augmenterModel:
          (st.augmenter_model as NeutralForm['advanced']['augmenterModel']) ??
          DEFAULT_ADVANCED.augmenterModel,
        filterFrequency: String(st.filter_frequency ?? 'default'),
      },
    }));
  }, [session.data]);
  const nCal = calibrated.data?.data;
  const calibrationError =
    nCal === undefined
      ? null
      : nCal === 0
        ? localizeMessage(DEVICE_MESSAGES.noCalibratedCameras)
        : nCal === 1
          ? localizeMessage(DEVICE_MESSAGES.oneCalibratedCamera)
          : null;
  const errors = validateNeutral(form);
  const valid = Object.keys(errors).length === 0;

  const finish = async (st: CaptureStatusReply) => {
    if (st.status === 'done') {
      navigate(routePath('Session', { id: sessionId }));
      return;
    }
    setFailed(true);
    const trial = st.trial_id
      ? await apiCall(getTrialEndpoint, { params: { id: st.trial_id } }).catch(() => null)
      : null;
    const parts = [
      trialErrorText(ts, trial?.meta, localizeMessage) ??
        localizeMessage(st.message ?? t('neutral.neutralError')),
    ];
    if (nCal !== undefined && st.n_videos_uploaded !== nCal)
      parts.push(localizeMessage(DEVICE_MESSAGES.missingVideos(nCal, st.n_videos_uploaded)));
    setError(parts.join(' '));
  };
  const run = useTrialRun(sessionId, (st) => void finish(st));

  const record = async () => {
    setSubmitted(true);
    if (!valid || calibrationError || !form.subject) return;
    setStarting(true);
    setError(null);
    setFailed(false);
    try {
      const a = form.advanced;
      const meta = await captureApi.setMetadata(sessionId, {
        settings_data_sharing: form.dataSharing || undefined,
        settings_scaling_setup: a.scalingSetup,
        settings_framerate: a.framerate,
        settings_session_name: form.sessionName || undefined,
        settings_openSimModel: a.openSimModel,
        settings_augmenter_model: a.augmenterModel,
        settings_filter_frequency: a.filterFrequency,
      });
      for (const w of meta.warnings) toast.warning(w);
      await captureApi.setSubject(sessionId, form.subject.id);
      const s = form.subject;
      const res = await captureApi.record(sessionId, {
        name: 'neutral',
        subject_id: s.id,
        subject_mass: s.weight,
        subject_height: s.height,
        subject_sex: s.sex_at_birth ?? undefined,
        subject_gender: s.gender ?? undefined,
        subject_data_sharing: form.dataSharing,
      });
      run.start(res.id);
    } catch (err) {
      setError(errorText(err));
      setFailed(true);
    } finally {
      setStarting(false);
    }
  };

  // autoRecord query option: start as soon as the form and calibration allow it.
  useEffect(() => {
    if (params.get('autoRecord') !== 'true' || autoStarted.current) return;
    if (!valid || calibrationError || nCal === undefined) return;
    autoStarted.current = true;
    void record();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, valid, calibrationError, nCal]);

  const busy = starting || run.running;
  const st = run.status;
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
  const caption = failed
    ? t('captions.rerecord')
    : neutralCaption(busy ? (st?.status ?? 'recording') : null, busy);
  const processing = busy && (st?.status === 'processing' || st?.status === 'stopped');
  const shownErrors = submitted ? errors : {};

  return (
    <Page title={t('neutral.title')}>
      <WizardSteps
        active={2}
        done={nCal !== undefined && nCal >= MIN_CAMERAS ? ['connect', 'calibration'] : []}
      />
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <ReconnectPhoneDialog sessionId={sessionId} />
      </Stack>
      {calibrationError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {calibrationError}
        </Alert>
      ) : null}
      {session.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(session.error)}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <SessionInfoCard
          sessionId={sessionId}
          preselectId={session.data?.subject_id ?? null}
          subject={form.subject}
          onSubject={(subject: Subject | null) => setForm((f) => ({ ...f, subject }))}
          sessionName={form.sessionName}
          onSessionName={(sessionName) => setForm((f) => ({ ...f, sessionName }))}
          errors={shownErrors}
          disabled={busy}
        />
        <DataSharingCard
          value={form.dataSharing}
          onChange={(dataSharing) => setForm((f) => ({ ...f, dataSharing }))}
          agreed={form.agreed}
          onAgreed={(agreed) => setForm((f) => ({ ...f, agreed }))}
          errors={shownErrors}
          disabled={busy}
        />
        <Card
          title={t('neutral.recordTitle')}
          action={
            <AdvancedSettingsDialog
              value={form.advanced}
              framerates={framerates.data?.framerates ?? [60]}
              onChange={(advanced) => setForm((f) => ({ ...f, advanced }))}
              disabled={busy}
            />
          }
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              component="img"
              src="/neutral-pose.svg"
              alt={t('neutral.exampleAlt')}
              sx={{ width: 120, flexShrink: 0 }}
            />
            <Typography variant="body1">{t('neutral.instructions')}</Typography>
          </Stack>
          {waiting && st ? (
            <WaitingForPhones status={st} onCancel={() => void cancelWaiting()} cancelling={cancelling} />
          ) : null}
          {processing ? (
            <Box sx={{ mt: 2 }} aria-live="polite">
              <Typography variant="body2" gutterBottom>
                {st?.progress_info.message
                  ? st.progress_info.percent !== null
                    ? t('neutral.progress', {
                        message: localizeMessage(st.progress_info.message),
                        percent: Math.round(st.progress_info.percent),
                      })
                    : localizeMessage(st.progress_info.message)
                  : t('neutral.waiting')}
              </Typography>
              <LinearProgress
                aria-label={t('neutral.progressLabel')}
                variant={
                  st?.progress_info.percent !== null && st?.progress_info.percent !== undefined
                    ? 'determinate'
                    : 'indeterminate'
                }
                value={st?.progress_info.percent ?? 0}
              />
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              size="large"
              onClick={() => void record()}
              disabled={busy || Boolean(calibrationError) || nCal === undefined || (nCal ?? 0) < MIN_CAMERAS}
            >
              {caption}
            </Button>
          </Stack>
        </Card>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button
          variant="outlined"
          onClick={() => navigate(routePath('Calibration', { id: sessionId }))}
          disabled={busy && !waiting}
        >
          {t('common:actions.back')}
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={!valid || busy}
          onClick={() => navigate(routePath('Session', { id: sessionId }))}
        >
          {t('common:actions.next')}
        </Button>
      </Stack>
    </Page>
  );
}
