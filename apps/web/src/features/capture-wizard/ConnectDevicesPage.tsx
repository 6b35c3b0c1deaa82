import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { MIN_CAMERAS } from '@poselab/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { authStore } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { captureApi, useCaptureStatus } from './api';
import { PairingQr } from './ReconnectPhoneDialog';
import { Card, ConnectedPhones, WizardSteps } from './WizardParts';

const INSTRUCTIONS = ['step1', 'step2', 'step3', 'step4', 'step5'] as const;

/**
 * SPEC §2 ConnectDevices (step 1). Without an id a new session is created (sessions/new) and becomes the
 * app's current session; with an id (ConnectDevicesForId) that session's phones are paired.
 */
export default function ConnectDevicesPage() {
  const { t } = useTranslation(['wizard', 'common']);
  const { id: routeId } = useParams();
  const navigate = useNavigate();
  const created = useRef(false);
  const create = useMutation({
    mutationFn: captureApi.newSession,
    onSuccess: ([session]) => {
      authStore.update({ currentSessionId: session.id });
      navigate(routePath('ConnectDevicesForId', { id: session.id }), { replace: true });
    },
  });
  useEffect(() => {
    if (!routeId && !created.current) {
      created.current = true;
      create.mutate();
    }
  }, [routeId, create]);
  useEffect(() => {
    if (routeId) authStore.update({ currentSessionId: routeId });
  }, [routeId]);

  const status = useCaptureStatus(routeId, 1000);
  const connected = status.data?.n_cameras_connected ?? 0;

  return (
    <Page title={t('connect.title')}>
      <WizardSteps active={0} done={connected >= MIN_CAMERAS ? ['connect'] : []} />
      {create.isError ? <Alert severity="error">{errorText(create.error)}</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Card title={t('connect.pairTitle')}>
          <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
            {INSTRUCTIONS.map((s) => (
              <li key={s}>
                <Typography variant="body1">{t(`connect.instructions.${s}`)}</Typography>
              </li>
            ))}
          </Box>
          <Box sx={{ mt: 2 }}>
            {routeId && status.data ? <ConnectedPhones status={status.data} /> : null}
            {status.isError ? <Alert severity="warning">{errorText(status.error)}</Alert> : null}
          </Box>
        </Card>
        <Card title={t('connect.qrTitle')}>
          <Box sx={{ display: 'flex', justifyContent: 'center', minWidth: 260 }}>
            {routeId ? (
              <PairingQr sessionId={routeId} size={260} />
            ) : (
              <CircularProgress aria-label={t('connect.creating')} />
            )}
          </Box>
        </Card>
      </Stack>
      {routeId && connected === 0 ? (
        // A user's first session starts here (SPEC §4 sends a user without sessions to Step1): someone who
        // filmed already, with any cameras, imports the files instead of pairing phones (issue #28). Offered
        // once the phone session exists, so that its creation cannot lead back here after the click.
        <Box sx={{ mt: 3 }}>
          <Card title={t('connect.importTitle')}>
            <Typography variant="body1" sx={{ mb: 2 }}>
              {t('connect.importText')}
            </Typography>
            <Button variant="outlined" onClick={() => navigate(routePath('ImportSession'))}>
              {t('connect.importButton')}
            </Button>
          </Card>
        </Box>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', justifyContent: 'flex-end' }}>
        {routeId && connected < MIN_CAMERAS ? (
          <Typography variant="body2" color="text.secondary">
            {t('connect.needMore', { count: MIN_CAMERAS })}
          </Typography>
        ) : null}
        <Button
          variant="contained"
          size="large"
          disabled={!routeId}
          onClick={() => navigate(routePath('Calibration', { id: routeId! }))}
        >
          {t('common:actions.next')}
        </Button>
      </Stack>
    </Page>
  );
}
