import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { sessionNameField, MESSAGES } from '@poselab/contract';

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
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const check = sessionNameField.safeParse(name);
  const error = check.success ? null : (check.error.issues[0]?.message ?? 'Invalid name.');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (check.success) onRename(check.data);
        }}
      >
        <DialogTitle>Rename session</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Session name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            error={touched && Boolean(error)}
            helperText={touched && error ? error : MESSAGES.sessionNameHint}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={Boolean(error) || busy}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
