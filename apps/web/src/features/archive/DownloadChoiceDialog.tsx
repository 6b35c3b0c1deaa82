import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { ARCHIVE_VIDEO_COPIES, type ArchiveVideoCopy } from '@poselab/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The owner's Download data (issue #27): which videos the archive holds — the originals, the de-identified
 * copies (faces blurred; a video without one is left out and the archive's README lists it) or none.
 */
export function DownloadChoiceDialog({
  open,
  onClose,
  onDownload,
}: {
  open: boolean;
  onClose: () => void;
  onDownload: (videos: ArchiveVideoCopy) => void;
}) {
  const { t } = useTranslation(['archive', 'common']);
  const [videos, setVideos] = useState<ArchiveVideoCopy>('original');
  const labelId = useId();
  const hintId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('choice.title')}</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={labelId}>{t('choice.videos')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            aria-describedby={hintId}
            value={videos}
            onChange={(e) => setVideos(e.target.value as ArchiveVideoCopy)}
          >
            {ARCHIVE_VIDEO_COPIES.map((copy) => (
              <FormControlLabel key={copy} value={copy} control={<Radio />} label={t(`choice.${copy}`)} />
            ))}
          </RadioGroup>
          <FormHelperText id={hintId} sx={{ mx: 0 }}>
            {t(`choice.hint.${videos}`)}
          </FormHelperText>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => onDownload(videos)}>
          {t('common:actions.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
