import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  importCalibrationEndpoint,
  importCalibrationPreviewEndpoint,
  type ImportCalibrationMapping,
  type ImportCalibrationPreview,
} from '@poselab/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { toast } from '../../toast/toast';
import { ImportMappingDialog } from './ImportMappingDialog';

/**
 * 'Import calibration file': for labs with a mocap calibration (Qualisys .qca.txt or Pose2Sim/anipose .toml).
 * The file is read first; the user then assigns each of its cameras to a paired phone (proposed by name,
 * then pairing order) before it is stored.
 */
export function ImportCalibration({
  sessionId,
  disabled,
  onImported,
}: {
  sessionId: string;
  disabled?: boolean;
  /** Called with the words for the user, e.g. '2 of 4 cameras assigned.' */
  onImported: (message: string) => void;
}) {
  const { t } = useTranslation(['calibration', 'wizard']);
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [pending, setPending] = useState<{ file: File; preview: ImportCalibrationPreview } | null>(null);

  const read = async (file: File) => {
    setReading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const preview = await apiCall(importCalibrationPreviewEndpoint, {
        params: { id: sessionId },
        body: form,
      });
      setPending({ file, preview });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };

  const submit = async (mapping: ImportCalibrationMapping) => {
    if (!pending) return;
    const form = new FormData();
    form.append('mapping', JSON.stringify(mapping));
    form.append('file', pending.file);
    const res = await apiCall(importCalibrationEndpoint, { params: { id: sessionId }, body: form });
    setPending(null);
    onImported(
      res.n_assigned !== undefined
        ? t('import.summary', { assigned: res.n_assigned, total: res.n_cameras })
        : res.message,
    );
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".txt,.toml,.qca"
        hidden
        aria-label={t('wizard:calibration.importFile')}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void read(f);
        }}
      />
      <Button
        variant="text"
        startIcon={<UploadFileIcon />}
        disabled={disabled || reading}
        onClick={() => input.current?.click()}
      >
        {reading ? t('import.reading') : t('wizard:calibration.import')}
      </Button>
      {pending ? (
        <ImportMappingDialog
          fileName={pending.file.name}
          preview={pending.preview}
          onCancel={() => setPending(null)}
          onSubmit={submit}
        />
      ) : null}
    </>
  );
}
