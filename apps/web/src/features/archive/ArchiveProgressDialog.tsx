import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import type { ArchiveJobState } from './use-archive-download';

/** Progress of an async download: a bar while the archive is made, then 'started' or the failure's reason. */
export function ArchiveProgressDialog({
  state,
  onStop,
  onClose,
}: {
  state: ArchiveJobState;
  onStop: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('archive');
  if (state.phase === 'idle') return null;
  return (
    <Dialog open onClose={state.phase === 'preparing' ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('progress.title')}</DialogTitle>
      <DialogContent>
        {state.phase === 'preparing' && (
          <Box role="status" aria-live="polite">
            <LinearProgress
              variant={state.percent == null ? 'indeterminate' : 'determinate'}
              value={state.percent ?? 0}
              aria-label={t('progress.title')}
              sx={{ my: 2 }}
            />
            <Typography variant="body2" color="text.secondary">
              {state.percent == null
                ? t('progress.waiting')
                : t('progress.percent', { percent: state.percent })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('progress.hint')}
            </Typography>
          </Box>
        )}
        {state.phase === 'ready' && (
          <Alert severity="success">{t('progress.ready', { file: state.fileName })}</Alert>
        )}
        {state.phase === 'failed' && (
          <Alert severity="error">
            {t('progress.failed')}{' '}
            {state.code && i18n.exists(`archive:failure.${state.code}`)
              ? t(`failure.${state.code}`, { detail: state.detail ?? '' })
              : state.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {state.phase === 'preparing' ? (
          <Button onClick={onStop}>{t('progress.stop')}</Button>
        ) : (
          <Button onClick={onClose}>{t('progress.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
