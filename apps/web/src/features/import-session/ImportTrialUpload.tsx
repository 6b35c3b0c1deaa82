import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { EndpointBody, startImportTrialEndpoint } from '@poselab/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/api-error';
import { localizeMessage } from '../../i18n/contract-messages';
import { useTrialRun } from '../capture-wizard/use-trial-run';
import type { CaptureStatusReply } from '../capture-wizard/api';
import { fetchTransport, importApi } from './api';
import { CameraFiles, filesProblem, type CameraFileMap, type ImportCamera } from './CameraFiles';
import { FileUploader, type UploadProgress, type UploadTransport } from './file-uploader';
import type { VideoFileInfo } from './video-file';

type Subject = EndpointBody<typeof startImportTrialEndpoint>['subject'];

/**
 * One imported trial: a video per camera, sent through the resumable protocol with progress, pause and
 * resume, then followed like a recording until its processing is done or failed.
 */
export function ImportTrialUpload({
  sessionId,
  cameras,
  trialName,
  caption,
  beforeStart,
  subject,
  onFinished,
  transport = fetchTransport,
  read,
}: {
  sessionId: string;
  cameras: ImportCamera[];
  trialName: string;
  caption: string;
  /** Settings to store first (checkerboard, subject); a rejection stops with its message. */
  beforeStart?: () => Promise<void>;
  subject?: Subject;
  onFinished: (status: CaptureStatusReply) => void;
  transport?: UploadTransport;
  read?: (file: File) => Promise<VideoFileInfo>;
}) {
  const { t } = useTranslation('import');
  const [files, setFiles] = useState<CameraFileMap>({});
  const [progress, setProgress] = useState<Record<string, UploadProgress>>({});
  const [uploading, setUploading] = useState(false);
  const [paused, setPaused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const uploaders = useRef<FileUploader[]>([]);
  const run = useTrialRun(sessionId, onFinished);

  useEffect(() => {
    const online = () => uploaders.current.forEach((u) => u.wakeUp());
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const problem = filesProblem(cameras, files);

  const start = async () => {
    setTried(true);
    if (problem || !trialName) return;
    setError(null);
    setUploading(true);
    try {
      await beforeStart?.();
      const started = await importApi.startTrial(sessionId, {
        name: trialName,
        files: cameras.map((c) => {
          const info = files[c.device_id];
          return {
            device_id: c.device_id,
            file_name: info.file.name,
            mime: info.file.type,
            total_bytes: info.file.size,
            width: info.width,
            height: info.height,
            duration_sec: info.durationSec,
            fps: null,
          };
        }),
        ...(subject ? { subject } : {}),
      });
      uploaders.current = started.uploads.map(
        (u) =>
          new FileUploader(files[u.device_id].file, u.upload_id, u.received_bytes, transport, (p) =>
            setProgress((all) => ({ ...all, [u.device_id]: p })),
          ),
      );
      // One file at a time: the whole bandwidth for it, and progress that reads camera by camera.
      for (const u of uploaders.current) await u.run();
      run.start(started.trial_id);
    } catch (err) {
      setError(errorText(err));
      setProgress({});
    } finally {
      uploaders.current = [];
      setUploading(false);
      setPaused(false);
    }
  };

  const togglePause = () => {
    if (paused) uploaders.current.forEach((u) => u.resume());
    else uploaders.current.forEach((u) => u.pause());
    setPaused(!paused);
  };

  const st = run.status;
  const busy = uploading || run.running;
  return (
    <Box>
      <CameraFiles
        cameras={cameras}
        value={files}
        onChange={setFiles}
        progress={progress}
        disabled={busy}
        read={read}
      />
      {tried && problem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      ) : null}
      {run.running ? (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Typography variant="body2" gutterBottom>
            {st?.progress_info.message ? localizeMessage(st.progress_info.message) : t('processing.waiting')}
          </Typography>
          <LinearProgress
            aria-label={t('processing.label')}
            variant={st?.progress_info.percent != null ? 'determinate' : 'indeterminate'}
            value={st?.progress_info.percent ?? 0}
          />
        </Box>
      ) : null}
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}
        useFlexGap
      >
        {uploading ? (
          <Button variant="outlined" onClick={togglePause}>
            {paused ? t('upload.resume') : t('upload.pause')}
          </Button>
        ) : null}
        <Button variant="contained" disabled={busy} onClick={() => void start()}>
          {uploading ? t('upload.uploading') : caption}
        </Button>
      </Stack>
    </Box>
  );
}
