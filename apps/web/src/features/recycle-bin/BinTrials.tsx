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
import { useTranslation } from 'react-i18next';
import { getSessionEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { statusLabel } from '../session-view/trial-status';

/** SPEC §2: the selected trashed session's trials (Trial name, Status). */
export function BinTrials({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('recycleBin');
  const session = useQuery({
    queryKey: ['bin-session', sessionId],
    queryFn: ({ signal }) => apiCall(getSessionEndpoint, { params: { id: sessionId }, signal }),
  });
  return (
    <section aria-label={t('trials.region')}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('trials.title')}
      </Typography>
      {session.isFetching ? <LinearProgress aria-label={t('trials.loading')} /> : null}
      {session.isError ? <Alert severity="error">{errorText(session.error)}</Alert> : null}
      <TableContainer>
        <Table size="small" aria-label={t('trials.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('trials.name')}</TableCell>
              <TableCell>{t('trials.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(session.data?.trials ?? []).map((trial) => (
              <TableRow key={trial.id}>
                <TableCell>{trial.name}</TableCell>
                <TableCell>
                  {trial.trashed ? t('trials.trashed', { status: statusLabel(trial) }) : statusLabel(trial)}
                </TableCell>
              </TableRow>
            ))}
            {session.isSuccess && session.data.trials.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>{t('trials.none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
