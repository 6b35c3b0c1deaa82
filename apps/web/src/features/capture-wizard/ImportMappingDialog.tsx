import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ImportCalibrationMapping, ImportCalibrationPreview } from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/api-error';
import { deviceName } from './api';

/** Problems of an assignment: phones chosen twice (by phone id), and fewer than 2 cameras assigned. */
export function mappingProblems(mapping: ImportCalibrationMapping): {
  duplicates: Set<string>;
  tooFew: boolean;
} {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of mapping)
    if (id) {
      if (seen.has(id)) duplicates.add(id);
      seen.add(id);
    }
  return { duplicates, tooFew: seen.size < 2 };
}

/**
 * Assigning each camera of an imported calibration file to a paired phone (issue #15): the proposal is shown
 * and can be changed; cameras without a phone, and phones without a camera, are named; the summary says how
 * many cameras are assigned.
 */
export function ImportMappingDialog({
  fileName,
  preview,
  onCancel,
  onSubmit,
}: {
  fileName: string;
  preview: ImportCalibrationPreview;
  onCancel: () => void;
  /** Stores the calibration; a rejection is shown in the dialog. */
  onSubmit: (mapping: ImportCalibrationMapping) => Promise<void>;
}) {
  const { t } = useTranslation('calibration');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [mapping, setMapping] = useState<ImportCalibrationMapping>(preview.mapping);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { duplicates, tooFew } = mappingProblems(mapping);
  const assigned = mapping.filter((m) => m !== null).length;
  const total = preview.cameras.length;
  const unassigned = preview.cameras.filter((_, i) => !mapping[i]).map((c) => c.name);
  const phonesUnused = preview.devices.filter((d) => !mapping.includes(d.id)).length;
  const extraCameras = Math.max(0, total - preview.devices.length);
  /** 'Camera 2 · iPhone 13', or 'Camera 2' for a phone still named so (as phones are named when paired). */
  const phoneLabel = (d: { number: number; name: string }) => {
    const camera = t('results.camera', { number: d.number });
    const name = deviceName(d.name);
    return name.toLowerCase() === camera.toLowerCase()
      ? camera
      : t('import.phone', { number: d.number, name });
  };
  const phoneName = (id: string) => {
    const d = preview.devices.find((x) => x.id === id);
    return d ? phoneLabel(d) : id;
  };

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSubmit(mapping);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onCancel}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="import-mapping-title"
    >
      <DialogTitle id="import-mapping-title">{t('import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('import.intro', { file: fileName, cameras: total, phones: preview.devices.length })}
        </Typography>
        <Stack spacing={2}>
          {preview.cameras.map((camera, i) => {
            const id = mapping[i];
            const duplicate = id !== null && duplicates.has(id);
            return (
              <Stack
                key={camera.index}
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ gap: { xs: 1, sm: 2 }, alignItems: { sm: 'center' } }}
              >
                <Box sx={{ minWidth: 140 }}>
                  <Typography variant="subtitle2">{camera.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('import.cameraSize', { width: camera.width, height: camera.height })}
                  </Typography>
                </Box>
                <TextField
                  select
                  fullWidth
                  size="small"
                  label={t('import.phoneFor', { name: camera.name })}
                  value={id ?? ''}
                  onChange={(e) => setMapping((m) => m.map((v, k) => (k === i ? e.target.value || null : v)))}
                  error={duplicate}
                  helperText={duplicate ? t('import.duplicate', { name: phoneName(id) }) : undefined}
                  disabled={saving}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{t('import.notUsed')}</option>
                  {preview.devices.map((d) => (
                    <option key={d.id} value={d.id}>
                      {phoneLabel(d)}
                    </option>
                  ))}
                </TextField>
              </Stack>
            );
          })}
        </Stack>
        <Box aria-live="polite" sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('import.summary', { assigned, total })}
          </Typography>
          {unassigned.length ? (
            <Typography variant="body2" color="text.secondary">
              {extraCameras ? `${t('import.moreCameras', { count: extraCameras })} ` : ''}
              {t('import.unassigned', { names: unassigned.join(', ') })}
            </Typography>
          ) : null}
          {phonesUnused ? (
            <Typography variant="body2" color="text.secondary">
              {t('import.morePhones', { count: phonesUnused })}
            </Typography>
          ) : null}
          {tooFew ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('import.tooFew')}
            </Alert>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          {t('import.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={saving || tooFew || duplicates.size > 0}
        >
          {saving ? t('import.importing') : t('import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
