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
import { filterFrequencyWarning, type AdvancedSettings } from './neutral-form';

const SCALING_LABELS: Record<string, string> = {
  upright_standing_pose: 'Upright standing pose',
  any_pose: 'Any pose',
};

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
        Advanced Settings
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="advanced-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="advanced-title">Advanced Settings</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Framerate"
              value={draft.framerate}
              onChange={(e) => set('framerate', Number(e.target.value))}
              helperText={`Longest recording: ${Math.round(60 / (draft.framerate / 60))} s`}
            >
              {(framerates.length ? framerates : [60]).map((f) => (
                <MenuItem key={f} value={f}>
                  {f} fps
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Scaling setup"
              value={draft.scalingSetup}
              onChange={(e) => set('scalingSetup', e.target.value as AdvancedSettings['scalingSetup'])}
            >
              {SCALING_SETUPS.map((s) => (
                <MenuItem key={s} value={s}>
                  {SCALING_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="OpenSim model"
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
              label="Augmenter model"
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
              label="Filter frequency (Hz)"
              value={draft.filterFrequency}
              onChange={(e) => set('filterFrequency', e.target.value)}
              helperText="'default' (12 Hz for gait, otherwise half the framerate) or a positive number"
            />
            {warning ? <Alert severity="warning">{warning}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
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
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
