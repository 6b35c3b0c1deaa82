import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renewShareTokenEndpoint, type Subject } from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { toast } from '../../toast/toast';
import { useAnalysisDashboards } from '../sessions/dashboards';
import { SUBJECT_LISTS_KEY } from './api';

/** The link that opens a dashboard with everything the subject's share token grants. */
export function subjectShareLink(dashboardId: string, subjectId: string, token: string): string {
  const q = new URLSearchParams({ subjectId, shareToken: token });
  return `${window.location.origin}/analysis-dashboard/${encodeURIComponent(dashboardId)}/?${q.toString()}`;
}

/**
 * SPEC §6 subject share token, for the owner: the token and a link per analysis dashboard, each with a copy
 * button, and Renew token, which replaces the token so that every link given out before stops working.
 */
export function SubjectShareDialog({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const dashboards = useAnalysisDashboards();
  const [token, setToken] = useState(subject.share_token);
  const [confirming, setConfirming] = useState(false);
  const renew = useMutation({
    mutationFn: () => apiCall(renewShareTokenEndpoint, { params: { id: subject.id } }),
    onSuccess: (r) => {
      setToken(r.share_token);
      setConfirming(false);
      toast.success(t('subjectShare.renewed'));
      void client.invalidateQueries({ queryKey: SUBJECT_LISTS_KEY });
      void client.invalidateQueries({ queryKey: ['analysis-dashboard-data'] });
    },
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('subjectShare.copied'));
    } catch {
      toast.error(t('subjectShare.copyFailed'));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="subject-share-title">
      <DialogTitle id="subject-share-title">{t('subjectShare.title', { name: subject.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('subjectShare.info', { name: subject.name })}
          </Typography>
          <TextField
            size="small"
            label={t('subjectShare.token')}
            value={token}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-token' } }}
          />
          {(dashboards.data ?? []).map((d) => {
            const link = subjectShareLink(d.id, subject.id, token);
            return (
              <Stack key={d.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  fullWidth
                  label={`${t('subjectShare.link')}: ${d.title}`}
                  value={link}
                  slotProps={{ htmlInput: { readOnly: true } }}
                />
                <Button
                  startIcon={<ContentCopyIcon />}
                  onClick={() => void copy(link)}
                  sx={{ flexShrink: 0 }}
                >
                  {t('subjectShare.copy')}
                </Button>
              </Stack>
            );
          })}
          {confirming && (
            <Alert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => renew.mutate()}
                  disabled={renew.isPending}
                >
                  {t('subjectShare.renew')}
                </Button>
              }
            >
              {t('subjectShare.renewConfirm')}
            </Alert>
          )}
          {renew.error && <Alert severity="error">{errorText(renew.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="warning" onClick={() => setConfirming(true)} disabled={confirming}>
          {t('subjectShare.renew')}
        </Button>
        <Button onClick={onClose}>{t('subjectShare.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
