import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import {
  AUGMENTER_MODELS,
  OPENSIM_MODELS,
  SCALING_SETUPS,
  normalizeFilterFrequency,
} from '@poselab/contract';
import { toast } from '../../toast/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { filterFrequencyWarning, type AdvancedSettings } from './neutral-form';

/** SPEC §2 Advanced Settings: framerate (only those every phone supports), models and filter frequency. */
export function AdvancedSettingsDialog({
  value,
  framerates,
  onChange,
  disabled,
}: {
  value: AdvancedSettings;
  framerates: number[];
  onChange: (v: AdvancedSettings) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['wizard', 'common']);
  const lm = useLocalizeMessage();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const warning = filterFrequencyWarning(draft);
  const set = <K extends keyof AdvancedSettings>(k: K, v: AdvancedSettings[K]) =>
    setDraft((d) => ({ ...d, [k]: v }));
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setDraft(value);
          setOpen(true);
        }}
        disabled={disabled}
      >
        {t('advanced.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="advanced-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="advanced-title">{t('advanced.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('advanced.framerate')}
              value={draft.framerate}
              onChange={(e) => set('framerate', Number(e.target.value))}
              helperText={t('advanced.longest', { seconds: Math.round(60 / (draft.framerate / 60)) })}
            >
              {(framerates.length ? framerates : [60]).map((f) => (
                <MenuItem key={f} value={f}>
                  {t('advanced.fps', { fps: f })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('advanced.scaling')}
              value={draft.scalingSetup}
              onChange={(e) => set('scalingSetup', e.target.value as AdvancedSettings['scalingSetup'])}
            >
              {SCALING_SETUPS.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`advanced.scalingSetups.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('advanced.model')}
              value={draft.openSimModel}
              onChange={(e) => set('openSimModel', e.target.value as AdvancedSettings['openSimModel'])}
            >
              {OPENSIM_MODELS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('advanced.augmenter')}
              value={draft.augmenterModel}
              onChange={(e) => set('augmenterModel', e.target.value as AdvancedSettings['augmenterModel'])}
            >
              {AUGMENTER_MODELS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('advanced.filter')}
              value={draft.filterFrequency}
              onChange={(e) => set('filterFrequency', e.target.value)}
              helperText={t('advanced.filterHint')}
            />
            {warning ? <Alert severity="warning">{lm(warning)}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              // SPEC §5: an invalid value reverts to default, a too large one is capped at half the framerate.
              const f = normalizeFilterFrequency(draft.filterFrequency, draft.framerate);
              if (f.warning) toast.warning(f.warning);
              onChange({ ...draft, filterFrequency: String(f.value) });
              setOpen(false);
            }}
          >
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
