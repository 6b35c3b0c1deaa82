import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALPHA_DASH_CUSTOM,
  DEFAULT_FRAMERATE,
  DEVICE_MESSAGES,
  LICENSE_MESSAGES,
  licenseExpired,
  MESSAGES,
  maxRecordingSeconds,
} from '@poselab/contract';
import { errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { i18n } from '../../i18n';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { toast } from '../../toast/toast';
import { captureApi, formatElapsed } from './api';
import { waitingLine } from './WaitingForPhones';

type RecorderState = 'ready' | 'recording' | 'processing';

/** SPEC §9: the status is read 1.5 s after start; uploads are polled every 2 s. */
const STATUS_CHECK_MS = 1_500;
const UPLOAD_POLL_MS = 2_000;
const TICK_MS = 500;

export function validateTrialName(name: string): string | null {
  if (!name.trim()) return i18n.t('wizard:recorder.nameRequired');
  if (/\s/.test(name)) return MESSAGES.noSpaces;
  if (!ALPHA_DASH_CUSTOM.test(name)) return MESSAGES.alphaDashCustom;
  return null;
}

/**
 * The recorder of the Session page (SPEC §4): ready → recording (Start recording) → processing (after stop,
 * until the videos are uploaded) → ready. Auto-stops at the framerate's time limit.
 */
export function Recorder({
  sessionId,
  framerate = DEFAULT_FRAMERATE,
  onTrialStarted,
  onTrialStopped,
}: {
  sessionId: string;
  framerate?: number;
  onTrialStarted?: (trialId: string) => void;
  onTrialStopped?: (trialId: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const lm = useLocalizeMessage();
  const queryClient = useQueryClient();
  const { t: tSecurity } = useTranslation('security');
  // SPEC §6: an expired license ends recording (the server refuses it too).
  const expired = licenseExpired(useAuth().licenseEndDate);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [state, setState] = useState<RecorderState>('ready');
  const [elapsed, setElapsed] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trialRef = useRef<string | null>(null);
  const timers = useRef<number[]>([]);
  const limit = maxRecordingSeconds(framerate);

  const clearTimers = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  };
  useEffect(() => clearTimers, []);

  const refreshSession = () => void queryClient.invalidateQueries({ queryKey: ['session', sessionId] });

  const pollUploads = () => {
    const timer = window.setTimeout(async () => {
      try {
        const st = await captureApi.status(sessionId, trialRef.current ?? undefined);
        // While uploading: which phones are missing, by name (issue #19), else the server's message.
        const missing = st.waiting_for ?? [];
        setMessage(
          st.status === 'uploading'
            ? missing.length > 0
              ? missing.map((p) => waitingLine(tSecurity, p)).join(' ')
              : (st.message ??
                t('calibration.videosUploaded', {
                  uploaded: st.n_videos_uploaded,
                  expected: st.n_videos_expected,
                }))
            : null,
        );
        if (st.status === 'uploading' || st.status === 'recording') {
          pollUploads();
          return;
        }
      } catch {
        pollUploads();
        return;
      }
      setState('ready');
      setMessage(null);
      refreshSession();
    }, UPLOAD_POLL_MS);
    timers.current.push(timer);
  };

  const stop = async (byLimit: boolean) => {
    if (busy) return;
    clearTimers();
    setBusy(true);
    try {
      await captureApi.stop(sessionId);
      if (byLimit) toast.info(DEVICE_MESSAGES.timeLimit);
      setState('processing');
      if (trialRef.current) onTrialStopped?.(trialRef.current);
      refreshSession();
      pollUploads();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const stopRef = useRef(stop);
  stopRef.current = stop;

  const start = async () => {
    const error = validateTrialName(name);
    setNameError(error);
    if (error) return;
    setBusy(true);
    try {
      const res = await captureApi.record(sessionId, { name });
      trialRef.current = res.id;
      setState('recording');
      setElapsed(0);
      onTrialStarted?.(res.id);
      refreshSession();
      const started = Date.now();
      const tick = () => {
        const s = (Date.now() - started) / 1000;
        setElapsed(s);
        if (s >= res.max_seconds) {
          void stopRef.current(true);
          return;
        }
        timers.current.push(window.setTimeout(tick, TICK_MS));
      };
      timers.current.push(window.setTimeout(tick, TICK_MS));
      timers.current.push(
        window.setTimeout(async () => {
          const st = await captureApi.status(sessionId, res.id).catch(() => null);
          if (st && st.status !== 'recording' && st.n_cameras_connected < 2) {
            toast.error(DEVICE_MESSAGES.notEnoughDevices(st.n_cameras_connected));
          }
        }, STATUS_CHECK_MS),
      );
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    clearTimers();
    try {
      await captureApi.cancel(sessionId);
    } catch (err) {
      toast.error(errorText(err));
    }
    setState('ready');
    setMessage(null);
    refreshSession();
  };

  return (
    <Box component="section" aria-label={t('recorder.region')}>
      <Stack
        direction="row"
        useFlexGap
        sx={{
          alignItems: 'flex-start',
          flexWrap: 'wrap',
          gap: 1.5,
          '& .MuiButton-root': { whiteSpace: 'nowrap', mt: 0.25 },
        }}
      >
        <TextField
          label={t('recorder.trialName')}
          size="small"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError) setNameError(validateTrialName(e.target.value));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && state === 'ready' && !expired) void start();
          }}
          error={Boolean(nameError)}
          helperText={nameError ? lm(nameError) : t('recorder.limit', { seconds: limit, fps: framerate })}
          disabled={state !== 'ready'}
          sx={{ minWidth: 220 }}
        />
        {state === 'ready' ? (
          <Button variant="contained" onClick={() => void start()} disabled={busy || expired}>
            {t('recorder.start')}
          </Button>
        ) : null}
        {state === 'recording' ? (
          <Button variant="contained" color="error" onClick={() => void stop(false)} disabled={busy}>
            {t('recorder.stop', { elapsed: formatElapsed(elapsed) })}
          </Button>
        ) : null}
        {state === 'processing' ? (
          <Button variant="outlined" color="warning" onClick={() => void cancel()}>
            {t('recorder.cancel')}
          </Button>
        ) : null}
      </Stack>
      {expired && state === 'ready' ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {lm(LICENSE_MESSAGES.expired)}
        </Alert>
      ) : null}
      {state === 'processing' ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {message ? lm(message) : t('recorder.uploading')}
        </Alert>
      ) : null}
    </Box>
  );
}

export default Recorder;
