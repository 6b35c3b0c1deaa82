import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import { IMPORT_MESSAGES } from '@poselab/contract';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../i18n/contract-messages';
import { formatNumber } from '../../i18n/format';
import type { UploadProgress } from './file-uploader';
import { readVideoFile, type VideoFileInfo } from './video-file';

export interface ImportCamera {
  device_id: string;
  name: string;
}

export type CameraFileMap = Record<string, VideoFileInfo>;

const CAMERA_DRAG = 'application/x-poselab-camera';

/** The message for a file's problem, in the UI language (the contract's texts, as the server sends them). */
export function problemText(info: VideoFileInfo, camera: string): string | null {
  if (info.problem === 'notVideo') return localizeMessage(IMPORT_MESSAGES.notVideo(info.file.name));
  if (info.problem === 'noVideoStream')
    return localizeMessage(IMPORT_MESSAGES.noVideoStream(info.file.name, camera));
  if (info.problem === 'tooLarge') return localizeMessage(IMPORT_MESSAGES.tooLarge(info.file.name));
  return null;
}

/** The first reason the files cannot make a trial (a camera without a file, or a bad file), or null. */
export function filesProblem(cameras: ImportCamera[], files: CameraFileMap): string | null {
  for (const c of cameras) {
    const info = files[c.device_id];
    if (!info) return localizeMessage(IMPORT_MESSAGES.missingCamera(c.name));
    const p = problemText(info, c.name);
    if (p) return p;
  }
  return null;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 ** 3
    ? `${formatNumber(bytes / 1024 ** 3, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} GB`
    : `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;
}

/**
 * One slot per camera: a file is dropped on a camera (or chosen with its button), shows a thumbnail, and can be
 * dragged onto another camera to swap the two. Several files dropped at once fill the empty cameras in name
 * order. Problems show under their camera at once, before anything is sent.
 */
export function CameraFiles({
  cameras,
  value,
  onChange,
  progress = {},
  disabled = false,
  read = readVideoFile,
}: {
  cameras: ImportCamera[];
  value: CameraFileMap;
  onChange: (next: CameraFileMap) => void;
  progress?: Record<string, UploadProgress>;
  disabled?: boolean;
  read?: (file: File) => Promise<VideoFileInfo>;
}) {
  const { t } = useTranslation('import');
  const [over, setOver] = useState<string | null>(null);
  const latest = useRef(value);
  latest.current = value;

  const assign = async (files: File[], firstCamera: string | null) => {
    const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name));
    const infos = await Promise.all(sorted.map((f) => read(f)));
    const next = { ...latest.current };
    const order = firstCamera
      ? [firstCamera, ...cameras.map((c) => c.device_id).filter((d) => d !== firstCamera && !next[d])]
      : cameras.map((c) => c.device_id).filter((d) => !next[d]);
    infos.forEach((info, i) => {
      if (order[i]) next[order[i]] = info;
    });
    // Reads can end in the same tick, before React renders the first: the next one starts from this value.
    latest.current = next;
    onChange(next);
  };

  const onDrop = (e: DragEvent, cameraId: string | null) => {
    e.preventDefault();
    setOver(null);
    if (disabled) return;
    const from = e.dataTransfer.getData(CAMERA_DRAG);
    if (from && cameraId && from !== cameraId) {
      const next = { ...latest.current };
      const a = next[from];
      const b = next[cameraId];
      delete next[from];
      delete next[cameraId];
      if (a) next[cameraId] = a;
      if (b) next[from] = b;
      latest.current = next;
      onChange(next);
      return;
    }
    const files = Array.from(e.dataTransfer.files ?? []);
    if (files.length) void assign(files, cameraId);
  };

  return (
    <Box>
      <Box
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => onDrop(e, null)}
        sx={{
          border: '2px dashed',
          borderColor: 'divider',
          borderRadius: 1,
          p: 2,
          mb: 2,
          textAlign: 'center',
        }}
      >
        <Typography variant="body2">{t('files.dropAll')}</Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {cameras.map((c) => {
          const info = value[c.device_id];
          const problem = info ? problemText(info, c.name) : null;
          const p = progress[c.device_id];
          return (
            <Card
              key={c.device_id}
              variant="outlined"
              data-testid={`camera-slot-${c.name}`}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(c.device_id);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(e) => onDrop(e, c.device_id)}
              sx={{ borderColor: over === c.device_id ? 'primary.main' : problem ? 'error.main' : undefined }}
            >
              <CardContent>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {c.name}
                </Typography>
                <Box
                  draggable={Boolean(info) && !disabled}
                  onDragStart={(e) => e.dataTransfer.setData(CAMERA_DRAG, c.device_id)}
                  sx={{
                    height: 120,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    bgcolor: 'action.hover',
                    mb: 1,
                    cursor: info ? 'grab' : 'default',
                  }}
                >
                  {info?.thumbnail ? (
                    <Box
                      component="img"
                      src={info.thumbnail}
                      alt={t('files.thumbnailAlt', { camera: c.name })}
                      sx={{ maxHeight: 120, maxWidth: '100%' }}
                    />
                  ) : (
                    <VideoFileIcon color="disabled" fontSize="large" />
                  )}
                </Box>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {info ? `${info.file.name} · ${formatSize(info.file.size)}` : t('files.empty')}
                </Typography>
                {info?.width && info.height ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('files.size', { width: info.width, height: info.height })}
                  </Typography>
                ) : null}
                {problem ? (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {problem}
                  </Alert>
                ) : null}
                {p ? (
                  <Box sx={{ mt: 1 }}>
                    <LinearProgress
                      variant="determinate"
                      value={p.total ? (100 * p.sent) / p.total : 0}
                      aria-label={t('upload.progressLabel', { camera: c.name })}
                    />
                    <Typography variant="caption">
                      {t(`upload.state.${p.state}`, {
                        percent: p.total ? Math.floor((100 * p.sent) / p.total) : 0,
                      })}
                    </Typography>
                  </Box>
                ) : null}
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button component="label" size="small" variant="outlined" disabled={disabled}>
                    {info ? t('files.replace') : t('files.choose')}
                    <input
                      type="file"
                      hidden
                      accept="video/*,.mp4,.mov,.m4v,.webm"
                      aria-label={t('files.chooseFor', { camera: c.name })}
                      onChange={(e) => {
                        const f = e.target.files?.[0];
                        if (f) void assign([f], c.device_id);
                        e.target.value = '';
                      }}
                    />
                  </Button>
                  {info ? (
                    <Button
                      size="small"
                      disabled={disabled}
                      onClick={() => {
                        const next = { ...latest.current };
                        delete next[c.device_id];
                        latest.current = next;
                        onChange(next);
                      }}
                    >
                      {t('files.remove')}
                    </Button>
                  ) : null}
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
