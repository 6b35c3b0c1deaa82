import {
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { MESSAGES, trialNameError, type Trial } from '@poselab/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/api-error';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { tagLabel } from '../subjects/tags';
import { isDuplicateTrialName } from './trial-status';

interface Base {
  open: boolean;
  onClose: () => void;
}

/** Rename a trial: alpha_dash_custom and unique in the session (SPEC §5); the server checks again. */
export function RenameTrialDialog({
  open,
  onClose,
  trial,
  trials,
  onRename,
}: Base & { trial: Trial; trials: Trial[]; onRename: (name: string) => Promise<unknown> }) {
  const { t } = useTranslation(['session', 'common']);
  const lm = useLocalizeMessage();
  const [name, setName] = useState(trial.name);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(trial.name);
      setServerError(null);
    }
  }, [open, trial.name]);
  const localError =
    trialNameError(name) ?? (isDuplicateTrialName(name, trial, trials) ? MESSAGES.uniqueTrialName : null);
  const error = localError ? lm(localError) : serverError;
  const submit = async () => {
    if (localError) return;
    setBusy(true);
    try {
      await onRename(name.trim());
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.values(err.fieldErrors).flat() : [];
      setServerError(fields[0] ? lm(fields[0]) : errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
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
            setServerError(null);
          }}
          onKeyDown={(e) => e.key === 'Enter' && void submit()}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || Boolean(localError)}>
          {t('rename.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface TagOption {
  value: string;
  label: string;
}

/** Edit Tags: pick from the trial tag vocabulary; Apply Tags is disabled with zero tags (SPEC §5). */
export function TagsDialog({
  open,
  onClose,
  trial,
  vocabulary,
  onApply,
}: Base & { trial: Trial; vocabulary: TagOption[]; onApply: (tags: string[]) => Promise<unknown> }) {
  const { t } = useTranslation(['session', 'common']);
  const [tags, setTags] = useState<string[]>(trial.tags);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setTags(trial.tags);
  }, [open, trial.tags]);
  const labelOf = (v: string) => tagLabel(vocabulary, v, 'session');
  const apply = async () => {
    setBusy(true);
    try {
      await onApply(tags);
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('tagsDialog.title', { name: trial.name })}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          freeSolo
          options={vocabulary.map((o) => o.value)}
          getOptionLabel={labelOf}
          value={tags}
          onChange={(_e, v) => setTags(v.map(String))}
          renderValue={(value, getItemProps) =>
            value.map((v, index) => {
              const { key, ...rest } = getItemProps({ index });
              return <Chip key={key} label={labelOf(v)} size="small" {...rest} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              margin="dense"
              label={t('tagsDialog.field')}
              error={Boolean(error)}
              helperText={error ?? ' '}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void apply()} disabled={busy || tags.length === 0}>
          {t('tagsDialog.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A Yes/No confirmation (trash, restore, delete). */
export function ConfirmDialog({
  open,
  onClose,
  title,
  text,
  confirmLabel,
  danger,
  onConfirm,
}: Base & {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error && <DialogContentText color="error">{error}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.no')}</Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={() => void go()}
          disabled={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
