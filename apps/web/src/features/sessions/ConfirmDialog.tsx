import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A Yes/No confirmation (SPEC §2: recycle bin and delete actions). */
export function ConfirmDialog({
  open,
  title,
  text,
  busy = false,
  onYes,
  onNo,
}: {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={busy ? undefined : onNo} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={busy}>
          {t('actions.no')}
        </Button>
        <Button onClick={onYes} disabled={busy} variant="contained" autoFocus>
          {t('actions.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
