import {
  Alert,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSessionEndpoint, type Trial } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { RowActionsMenu } from '../../layout/RowActionsMenu';
import { stickyEndCell, tableScroll } from '../../layout/table-styles';
import { toast } from '../../toast/toast';
import { ConfirmDialog } from '../sessions/ConfirmDialog';
import { statusLabel } from '../session-view/trial-status';
import { binSessionKey, useBinTrialAction } from './api';

/**
 * SPEC §2: the selected session's trials (Trial name, Status). For a trashed session all its trials; for a
 * session that is not trashed only its trashed trials, each with Restore and Delete permanently (Yes/No).
 */
export function BinTrials({ sessionId, sessionTrashed }: { sessionId: string; sessionTrashed: boolean }) {
  const { t } = useTranslation('recycleBin');
  const [pending, setPending] = useState<{ action: 'restore' | 'remove'; trial: Trial } | null>(null);
  const act = useBinTrialAction();
  const session = useQuery({
    queryKey: binSessionKey(sessionId),
    queryFn: ({ signal }) => apiCall(getSessionEndpoint, { params: { id: sessionId }, signal }),
  });
  const trials = (session.data?.trials ?? []).filter((trial) => sessionTrashed || trial.trashed);
  const confirm = () => {
    if (!pending) return;
    const { action, trial } = pending;
    act.mutate(
      { action, trialIds: [trial.id] },
      {
        onSuccess: () =>
          toast.success(t(action === 'restore' ? 'trialRestored' : 'trialRemoved', { name: trial.name })),
        onError: (e) => toast.error(errorText(e)),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <section aria-label={t('trials.region')}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('trials.title')}
      </Typography>
      {session.isFetching ? <LinearProgress aria-label={t('trials.loading')} /> : null}
      {session.isError ? <Alert severity="error">{errorText(session.error)}</Alert> : null}
      <TableContainer sx={tableScroll}>
        <Table size="small" aria-label={t('trials.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('trials.name')}</TableCell>
              <TableCell>{t('trials.status')}</TableCell>
              {sessionTrashed ? null : (
                <TableCell padding="checkbox" aria-label={t('trials.actions')} sx={stickyEndCell} />
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {trials.map((trial) => (
              <TableRow key={trial.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{trial.name}</TableCell>
                <TableCell>
                  {trial.trashed ? t('trials.trashed', { status: statusLabel(trial) }) : statusLabel(trial)}
                </TableCell>
                {sessionTrashed ? null : (
                  <TableCell padding="checkbox" sx={stickyEndCell}>
                    <RowActionsMenu
                      label={t('trials.menu', { name: trial.name })}
                      actions={[
                        { action: 'restore' as const, label: t('menu.restore') },
                        { action: 'remove' as const, label: t('menu.remove') },
                      ]}
                      onPick={(action) => setPending({ action, trial })}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
            {session.isSuccess && trials.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>{t('trials.none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? t(`questions.${pending.action}TrialTitle`) : ''}
        text={pending ? t(`questions.${pending.action}TrialText`, { name: pending.trial.name }) : ''}
        busy={act.isPending}
        onNo={() => setPending(null)}
        onYes={confirm}
      />
    </section>
  );
}
