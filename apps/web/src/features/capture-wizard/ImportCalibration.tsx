import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { importCalibrationEndpoint } from '@poselab/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { toast } from '../../toast/toast';

/** 'Import calibration file': for labs with a mocap calibration (Qualisys .qca.txt or Pose2Sim/anipose .toml). */
export function ImportCalibration({
  sessionId,
  disabled,
  onImported,
}: {
  sessionId: string;
  disabled?: boolean;
  onImported: (nCameras: number) => void;
}) {
  const { t } = useTranslation('wizard');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await apiCall(importCalibrationEndpoint, { params: { id: sessionId }, body: form });
      onImported(res.n_cameras);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".txt,.toml,.qca"
        hidden
        aria-label={t('calibration.importFile')}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void upload(f);
        }}
      />
      <Button
        variant="text"
        startIcon={<UploadFileIcon />}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
      >
        {t('calibration.import')}
      </Button>
    </>
  );
}
