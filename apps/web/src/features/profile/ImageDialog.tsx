import {
  Alert,
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { useLocalizeMessage } from '../../i18n/contract-messages';

const MAX_BYTES = 5 * 1024 * 1024;

/** Change image / change logo popup: picks an image file (images only, 5 MB at most) and previews it. */
export function ImageDialog({
  open,
  title,
  currentUrl,
  round,
  onClose,
  onUpload,
  onRemove,
}: {
  open: boolean;
  title: string;
  currentUrl: string | null;
  round: boolean;
  onClose: () => void;
  onUpload: (file: File) => Promise<void>;
  onRemove?: () => Promise<void>;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const lm = useLocalizeMessage();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setProblem(null);
    }
  }, [open]);

  const pick = (f: File | undefined) => {
    setProblem(null);
    setFile(null);
    if (!f) return;
    if (!f.type.startsWith('image/')) return setProblem(M.imageOnly);
    if (f.size > MAX_BYTES) return setProblem(M.imageTooLarge);
    setFile(f);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? currentUrl;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
          {shown ? (
            round ? (
              <Avatar src={shown} alt={t('image.preview')} sx={{ width: 120, height: 120 }} />
            ) : (
              <Box
                component="img"
                src={shown}
                alt={t('image.preview')}
                sx={{ maxWidth: '100%', maxHeight: 120 }}
              />
            )
          ) : (
            <Typography color="text.secondary">{t('image.none')}</Typography>
          )}
          <Button variant="outlined" component="label" disabled={busy}>
            {t('image.choose')}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-label={t('image.file')}
              onChange={(e) => pick(e.target.files?.[0])}
            />
          </Button>
          {file ? <Typography variant="body2">{file.name}</Typography> : null}
          {problem ? (
            <Alert severity="error" role="alert" sx={{ width: '100%' }}>
              {lm(problem)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {onRemove && currentUrl ? (
          <Button color="error" disabled={busy} onClick={() => run(onRemove)} sx={{ mr: 'auto' }}>
            {t('image.removeLogo')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !file}
          onClick={() => file && run(() => onUpload(file))}
        >
          {t('image.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
