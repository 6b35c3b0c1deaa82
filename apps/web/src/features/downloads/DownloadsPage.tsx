import {
  Alert,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
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
import { useNavigate } from 'react-router-dom';
import { listComparisonReportsEndpoint, type ComparisonReportItem } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';

/** SPEC §2: a download link shows only when the state is successfull and media exists. */
export function canDownload(r: ComparisonReportItem): boolean {
  return r.state === 'successfull' && Boolean(r.media);
}

/** SPEC §2 Downloads: the user's comparison reports (File, State, Actions). */
export default function DownloadsPage() {
  const { t } = useTranslation('downloads');
  const { t: tReports } = useTranslation('reports');
  const navigate = useNavigate();
  const reports = useQuery({
    queryKey: ['comparison-reports'],
    queryFn: ({ signal }) => apiCall(listComparisonReportsEndpoint, { signal }),
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'pending') ? 1_000 : false),
  });
  return (
    <Page title={t('title')}>
      <Stack direction="row" sx={{ mb: 2 }}>
        <Button variant="outlined" onClick={() => navigate(routePath('SelectSession'))}>
          {t('back')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        {reports.isFetching ? <LinearProgress aria-label={t('loading')} /> : null}
        {reports.isError ? <Alert severity="error">{errorText(reports.error)}</Alert> : null}
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.file')}</TableCell>
                <TableCell>{t('columns.state')}</TableCell>
                <TableCell>{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(reports.data ?? []).map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{r.file_name}</TableCell>
                  <TableCell>
                    {r.state ? t(`states.${r.state}`, { defaultValue: r.state }) : ''}
                    {r.state === 'failed' ? (
                      <Typography variant="caption" color="error" component="p">
                        {tReports('failure')}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {canDownload(r) ? (
                      <Link href={r.media ?? undefined} download={r.file_name} target="_blank" rel="noopener">
                        {t('download')}
                      </Link>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {reports.isSuccess && reports.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>{t('none')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Page>
  );
}
