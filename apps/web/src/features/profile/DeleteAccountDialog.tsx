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
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { useLocalizeMessage } from '../../i18n/contract-messages';
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
  const { t } = useTranslation(['profile', 'common']);
  const lm = useLocalizeMessage();
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
        <DialogTitle>{t('delete.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('delete.warning')}
          </Alert>
          <DialogContentText sx={{ mb: 2 }}>
            <Trans t={t} i18nKey="delete.typeUsername" values={{ username }} components={{ b: <b /> }} />
          </DialogContentText>
          <TextField
            label={t('fields.username')}
            fullWidth
            autoFocus
            required
            autoComplete="off"
            error={Boolean(errors.confirm)}
            helperText={lm(errors.confirm?.message)}
            {...register('confirm')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('delete.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
