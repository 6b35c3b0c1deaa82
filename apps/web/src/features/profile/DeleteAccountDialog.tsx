import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { submitDisabled } from '../auth/form-helpers';

const schema = z.object({ confirm: z.string().trim().min(1, M.deleteConfirmRequired) });
type DeleteForm = z.infer<typeof schema>;

/** Delete account popup: the username must be typed and is sent as the confirmation (SPEC §5). */
export function DeleteAccountDialog({
  open,
  username,
  onClose,
  onDelete,
}: {
  open: boolean;
  username: string;
  onClose: () => void;
  onDelete: (confirm: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<DeleteForm>({ resolver: zodResolver(schema), defaultValues: { confirm: '' } });
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(({ confirm }) => onDelete(confirm.trim()))}>
        <DialogTitle>Delete account</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            This deletes your account with all your sessions, subjects, trials and videos. It cannot be
            undone.
          </Alert>
          <DialogContentText sx={{ mb: 2 }}>
            Type your username <b>{username}</b> to confirm.
          </DialogContentText>
          <TextField
            label="Username"
            fullWidth
            autoFocus
            required
            autoComplete="off"
            error={Boolean(errors.confirm)}
            helperText={errors.confirm?.message}
            {...register('confirm')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            Delete account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
