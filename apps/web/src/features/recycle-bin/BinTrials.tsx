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
import { getSessionEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';

/** SPEC §2: the selected trashed session's trials (Trial name, Status). */
export function BinTrials({ sessionId }: { sessionId: string }) {
  const session = useQuery({
    queryKey: ['bin-session', sessionId],
    queryFn: ({ signal }) => apiCall(getSessionEndpoint, { params: { id: sessionId }, signal }),
  });
  return (
    <section aria-label="Trials of the selected session">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Trials
      </Typography>
      {session.isFetching ? <LinearProgress aria-label="Loading trials" /> : null}
      {session.isError ? <Alert severity="error">{errorText(session.error)}</Alert> : null}
      <TableContainer>
        <Table size="small" aria-label="Trials">
          <TableHead>
            <TableRow>
              <TableCell>Trial name</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(session.data?.trials ?? []).map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.name}</TableCell>
                <TableCell>{t.trashed ? `${t.status} (trashed)` : t.status}</TableCell>
              </TableRow>
            ))}
            {session.isSuccess && session.data.trials.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>No trials.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
