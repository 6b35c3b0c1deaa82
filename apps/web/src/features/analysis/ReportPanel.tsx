import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  findReportDownloadEndpoint,
  REPORT_MIN_TRIALS,
  reportDownloadEndpoint,
  type ReportStatus,
} from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { errorText } from '../../api/api-error';
import { routePath } from '../../routing/route-names';

/** SPEC §9: report polls every 1 s while pending. */
export const REPORT_POLL_MS = 1000;

/**
 * Comparison report of the chosen trials (SPEC §4): looks the report up (404: none yet), creates it, polls
 * every second while pending, then offers the PDF; a failure shows SPEC's message.
 */
export function ReportPanel({ functionId, trialIds }: { functionId: string; trialIds: string[] }) {
  const { t } = useTranslation('reports');
  const client = useQueryClient();
  const enough = trialIds.length >= REPORT_MIN_TRIALS;
  const key = ['comparison-report', functionId, trialIds];
  const status = useQuery({
    queryKey: key,
    enabled: enough,
    retry: false,
    queryFn: async ({ signal }): Promise<ReportStatus | null> => {
      try {
        return await apiCall(findReportDownloadEndpoint, {
          params: { function: functionId },
          body: { trial_ids: trialIds },
          signal,
        });
      } catch (err) {
        // SPEC §8: a 404 on a report lookup means no report exists.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? REPORT_POLL_MS : false),
  });
  const create = useMutation({
    mutationFn: () =>
      apiCall(reportDownloadEndpoint, { params: { function: functionId }, body: { trial_ids: trialIds } }),
    onSuccess: (report) => {
      client.setQueryData(key, report);
      void client.invalidateQueries({ queryKey: ['comparison-reports'] });
    },
  });
  const report = enough ? status.data : null;
  const pending = report?.state === 'pending' || create.isPending;
  return (
    <Stack spacing={1} data-testid="report-panel">
      <Typography variant="subtitle2" component="h3">
        {t('panel.title')}
      </Typography>
      {!enough && (
        <Typography variant="body2" color="text.secondary">
          {t('panel.needTwo')}
        </Typography>
      )}
      <Button
        variant="contained"
        startIcon={<PictureAsPdfIcon />}
        disabled={!enough || pending}
        onClick={() => create.mutate()}
      >
        {report ? t('panel.recreate') : t('panel.create')}
      </Button>
      {pending && (
        <Box role="status" aria-live="polite">
          <LinearProgress aria-label={t('panel.pending')} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('panel.pending')}
          </Typography>
        </Box>
      )}
      {report?.state === 'successfull' && report.media && (
        <Alert severity="success" data-testid="report-ready">
          {t('panel.ready')}{' '}
          <Link href={report.media} download={report.file_name} target="_blank" rel="noopener">
            {t('panel.download')}
          </Link>
        </Alert>
      )}
      {report?.state === 'failed' && (
        <Alert severity="error" data-testid="report-failed">
          {t('failure')}
        </Alert>
      )}
      {(create.error || status.error) && (
        <Alert severity="error">{errorText(create.error ?? status.error)}</Alert>
      )}
      <Link component={RouterLink} to={routePath('Downloads')} variant="body2">
        {t('panel.downloads')}
      </Link>
    </Stack>
  );
}
