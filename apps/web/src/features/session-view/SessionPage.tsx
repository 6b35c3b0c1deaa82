import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { Trial } from '@poselab/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { ApiError, errorText } from '../../api/api-error';
import { ReconnectPhoneDialog } from '../capture-wizard/ReconnectPhoneDialog';
import { Recorder } from '../capture-wizard/Recorder';
import { authStore } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { useSession } from './api';
import { SessionMenu } from './SessionMenu';
import { TrialActionDialogs } from './TrialActionDialogs';
import { TrialList, type TrialAction } from './TrialList';
import { hasQualityInfo, QualityPanel } from './quality/QualityPanel';
import { isCalibration, isNeutral, isViewable } from './trial-status';
import { ViewerPanel } from './viewer/ViewerPanel';
import { toast } from '../../toast/toast';
import { PublicDownloadButton } from '../archive/SessionDownloads';
import { downloadTrialFiles } from '../archive/trial-files';

/** At most eight trials side by side (one per trial colour). */
export const MAX_SHOWN_TRIALS = 8;

/** The trial shown first: the newest processed movement trial, else any viewable one. */
function defaultShown(trials: Trial[]): string[] {
  const viewable = trials.filter(isViewable);
  const movement = viewable.filter((t) => !isNeutral(t) && !isCalibration(t));
  const pick = movement[movement.length - 1] ?? viewable[viewable.length - 1];
  return pick ? [pick.id] : [];
}

/**
 * SPEC §2 Session view (step 5): recording controls and menus for the owner, the trial list, and the 3D viewer
 * with synced videos. Other users of a public session get the read-only view.
 */
export default function SessionPage() {
  const { t } = useTranslation('session');
  const { id: routeId } = useParams();
  const id = routeId || authStore.get().currentSessionId || undefined;
  const query = useSession(id);
  const session = query.data;
  const [showRemoved, setShowRemoved] = useState(false);
  const [shown, setShown] = useState<string[] | null>(null);
  const archiveText = useTranslation('archive').t;
  const downloadTrial = (trial: Trial) =>
    void downloadTrialFiles(trial).catch((e: unknown) =>
      toast.error(archiveText('trial.failed', { message: errorText(e) })),
    );
  const [dialog, setDialog] = useState<{ trial: Trial; action: TrialAction } | null>(null);

  const trials = useMemo(
    () => (session?.trials ?? []).filter((t) => showRemoved || !t.trashed),
    [session, showRemoved],
  );
  const shownIds = (shown ?? defaultShown(trials)).filter((tid) =>
    trials.some((t) => t.id === tid && isViewable(t)),
  );
  const shownTrials = shownIds.map((tid) => trials.find((t) => t.id === tid)!);
  const qualityTrials = trials.filter(hasQualityInfo);
  const isOwner = Boolean(session?.is_owner);

  useEffect(() => {
    if (session && isOwner) authStore.update({ currentSessionId: session.id });
  }, [session, isOwner]);
  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    // SPEC §8: a 401 on loading a session sends the user to Login (the stale login is dropped).
    if (unauthorized) authStore.clear();
  }, [unauthorized]);

  if (!id) return <Navigate to={routePath('SelectSession')} replace />;
  if (unauthorized) return <Navigate to={routePath('Login')} replace />;
  if (query.isPending) {
    return (
      <Page title={t('title')}>
        <Box
          sx={{ display: 'flex', justifyContent: 'center', p: 6 }}
          role="progressbar"
          aria-label={t('loading')}
        >
          <CircularProgress />
        </Box>
      </Page>
    );
  }
  if (query.error || !session) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={t('title')}>
        <Alert severity="error">{notFound ? t('notFound') : errorText(query.error)}</Alert>
      </Page>
    );
  }

  const title = session.meta.sessionName || t('titleId', { id: session.id.slice(0, 8) });
  const toggle = (trial: Trial) =>
    setShown(
      shownIds.includes(trial.id)
        ? shownIds.filter((x) => x !== trial.id)
        : [...shownIds, trial.id].slice(-MAX_SHOWN_TRIALS),
    );

  return (
    <Page title={title}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {session.name ? t('subject', { name: session.name }) : null}
          {!isOwner && ` · ${t('sharedView')}`}
        </Typography>
        {/* SPEC §2: the Reconnect phone QR dialog is offered on Calibration, Neutral and Session. */}
        {isOwner && <ReconnectPhoneDialog sessionId={session.id} />}
        {isOwner && (
          <SessionMenu session={session} showRemoved={showRemoved} onShowRemoved={setShowRemoved} />
        )}
        {!isOwner && <PublicDownloadButton sessionId={session.id} />}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2.4fr)' },
          gap: 2,
        }}
      >
        <Stack spacing={2}>
          {isOwner && (
            // Trial name field and Start Recording (SPEC §2), from the capture feature.
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="recorder">
              <Recorder sessionId={session.id} framerate={session.meta.settings?.framerate} />
            </Paper>
          )}
          <Paper variant="outlined">
            <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }} component="h2">
              {t('trials')}
            </Typography>
            <TrialList
              trials={trials}
              shown={shownIds}
              isOwner={isOwner}
              onShow={(trial) => setShown([trial.id])}
              onToggle={toggle}
              onAction={(trial, action) =>
                action === 'download' ? downloadTrial(trial) : setDialog({ trial, action })
              }
            />
          </Paper>
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          {shownTrials.length > 0 ? (
            <ViewerPanel trials={shownTrials} sessionTrials={session.trials} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
              {t('noViewable')}
            </Typography>
          )}
          {qualityTrials.length > 0 && (
            // Keyed by the shown trial: showing another trial shows its quality.
            <QualityPanel key={shownIds[0] ?? ''} trials={qualityTrials} initial={shownIds[0] ?? null} />
          )}
        </Paper>
      </Box>
      {isOwner && (
        <TrialActionDialogs
          sessionId={session.id}
          trials={session.trials}
          current={dialog}
          onClose={() => setDialog(null)}
        />
      )}
    </Page>
  );
}
