import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A Yes/No confirmation (SPEC §2: recycle bin and delete actions). `focus` picks the button Enter presses:
 * 'no' where Yes throws away what the user typed.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  busy = false,
  focus = 'yes',
  onYes,
  onNo,
}: {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  focus?: 'yes' | 'no';
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
        <Button onClick={onNo} disabled={busy} autoFocus={focus === 'no'}>
          {t('actions.no')}
        </Button>
        <Button onClick={onYes} disabled={busy} variant="contained" autoFocus={focus === 'yes'}>
          {t('actions.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
