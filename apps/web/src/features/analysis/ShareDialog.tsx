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
import { patchSessionEndpoint, type DashboardSession } from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { toast } from '../../toast/toast';
import { urlQueryOf, type SelectorState } from './dashboard-url';

/** Share targets of the dialog: each opens the network's own share page for the link. */
export function socialShareUrls(link: string, text: string) {
  const u = encodeURIComponent(link);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}

export function dashboardLink(dashboardId: string, selectors: SelectorState[], withTokens: boolean): string {
  const q = urlQueryOf(selectors, withTokens).toString();
  return `${window.location.origin}/analysis-dashboard/${encodeURIComponent(dashboardId)}/${q ? `?${q}` : ''}`;
}

async function copy(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

/**
 * Share analysis publicly (SPEC §2, §6): a public link (publishing needs public sessions, so private chosen
 * sessions are offered Make sessions public) for Facebook, Twitter, LinkedIn or copying; and a private link
 * carrying the subjects' share tokens, for people the owner trusts, revoked by renewing the token.
 */
export function ShareDialog({
  open,
  onClose,
  dashboardId,
  title,
  selectors,
  sessions,
  tokens,
}: {
  open: boolean;
  onClose: () => void;
  dashboardId: string;
  title: string;
  /** The chosen trials (owner's selectors). */
  selectors: SelectorState[];
  sessions: DashboardSession[];
  /** Share token per subject id (the owner's). */
  tokens: Record<string, string>;
}) {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const chosen = selectors.filter((s) => s.trialId);
  const chosenSessions = sessions.filter((s) => chosen.some((c) => c.sessionId === s.id));
  const privateSessions = chosenSessions.filter((s) => !s.public);
  const publicLink = dashboardLink(dashboardId, chosen, false);
  const privateLink = dashboardLink(
    dashboardId,
    chosen.map((s) => ({ ...s, shareToken: tokens[s.subjectId] ?? '' })),
    true,
  );
  const social = socialShareUrls(publicLink, title);
  const makePublic = useMutation({
    mutationFn: () =>
      Promise.all(
        privateSessions.map((s) =>
          apiCall(patchSessionEndpoint, { params: { id: s.id }, body: { public: true } }),
        ),
      ),
    onSuccess: () => {
      toast.success(t('share.madePublic'));
      void client.invalidateQueries({ queryKey: ['analysis-dashboard-data'] });
    },
  });
  const canPublish = privateSessions.length === 0 && chosen.length > 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">{t('share.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 0.5 }}>
          <Typography variant="subtitle2" component="h3">
            {t('share.publicHeading')}
          </Typography>
          {privateSessions.length > 0 ? (
            <Alert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => makePublic.mutate()}
                  disabled={makePublic.isPending}
                >
                  {t('share.makePublic')}
                </Button>
              }
            >
              {t('share.privateSessions', { count: privateSessions.length })}
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('share.publicInfo')}
            </Typography>
          )}
          {makePublic.error && <Alert severity="error">{errorText(makePublic.error)}</Alert>}
          <TextField
            size="small"
            label={t('share.publicLink')}
            value={publicLink}
            slotProps={{ htmlInput: { readOnly: true } }}
            disabled={!canPublish}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {(
              [
                ['Facebook', social.facebook],
                ['Twitter', social.twitter],
                ['LinkedIn', social.linkedin],
              ] as const
            ).map(([network, href]) => (
              <Button
                key={network}
                variant="outlined"
                disabled={!canPublish}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {network}
              </Button>
            ))}
            <Button
              startIcon={<ContentCopyIcon />}
              disabled={!canPublish}
              onClick={() => void copy(publicLink, t('share.copied'), t('share.copyFailed'))}
            >
              {t('share.copyLink')}
            </Button>
          </Stack>
          <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
            {t('share.privateHeading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('share.privateInfo')}
          </Typography>
          <TextField
            size="small"
            label={t('share.privateLink')}
            value={privateLink}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button
            startIcon={<ContentCopyIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => void copy(privateLink, t('share.copied'), t('share.copyFailed'))}
          >
            {t('share.copyPrivateLink')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
