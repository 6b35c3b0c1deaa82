import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionNameField, MESSAGES } from '@poselab/contract';
import { useLocalizeMessage } from '../../i18n/contract-messages';

/** SPEC §5 session rename: 'Session name', required, alpha_dash_custom; Rename disabled while invalid. */
export function RenameSessionDialog({
  open,
  initialName,
  busy,
  onRename,
  onClose,
}: {
  open: boolean;
  initialName: string;
  busy: boolean;
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sessions', 'common']);
  const lm = useLocalizeMessage();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const check = sessionNameField.safeParse(name);
  const error = check.success ? null : lm(check.error.issues[0]?.message ?? t('rename.invalid'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (check.success) onRename(check.data);
        }}
      >
        <DialogTitle>{t('rename.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('rename.field')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            error={touched && Boolean(error)}
            helperText={touched && error ? error : lm(MESSAGES.sessionNameHint)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={Boolean(error) || busy}>
            {t('rename.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
