import DownloadIcon from '@mui/icons-material/Download';
import { Button, MenuItem } from '@mui/material';
import {
  DOWNLOAD_BUSY_MS,
  sessionAsyncDownloadEndpoint,
  subjectAsyncDownloadEndpoint,
} from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { toast } from '../../toast/toast';
import { downloadWithToken } from '../subjects/download-file';
import { ArchiveProgressDialog } from './ArchiveProgressDialog';
import { useArchiveDownload } from './use-archive-download';

export const startSessionArchive =
  (sessionId: string, withVideos = true) =>
  () =>
    apiCall(sessionAsyncDownloadEndpoint, {
      params: { id: sessionId },
      query: { with_videos: withVideos ? 'true' : 'false' },
    });

export const startSubjectArchive = (subjectId: string) => () =>
  apiCall(subjectAsyncDownloadEndpoint, { params: { id: subjectId } });

/** The old synchronous download with its busy flag (cleared after 5 s, SPEC §9). */
export function useSyncDownload() {
  const [busy, setBusy] = useState(false);
  const run = (path: string, fileName: string) => {
    setBusy(true);
    downloadWithToken(path, fileName)
      .catch((e: unknown) => toast.error(errorText(e)))
      .finally(() => setTimeout(() => setBusy(false), DOWNLOAD_BUSY_MS));
  };
  return { busy, run };
}

/**
 * Session menu entries (SPEC §2): 'Download data' makes the archive asynchronously with a progress dialog and
 * saves it by itself when ready; 'Download data (old)' streams it directly, only with the sync-download flag.
 * The state lives in the menu's owner (a closed menu unmounts its items): call this there, place `items`
 * inside the menu and `dialog` beside it.
 */
export function useSessionDownloads(sessionId: string, allowSync: boolean, onPicked: () => void) {
  const { t } = useTranslation('archive');
  const archive = useArchiveDownload();
  const sync = useSyncDownload();
  const items = [
    <MenuItem
      key="download"
      disabled={archive.busy}
      onClick={() => {
        onPicked();
        void archive.start(startSessionArchive(sessionId));
      }}
    >
      {t('menu.download')}
    </MenuItem>,
    ...(allowSync
      ? [
          <MenuItem
            key="download-old"
            disabled={sync.busy}
            onClick={() => {
              onPicked();
              sync.run(
                `/sessions/${encodeURIComponent(sessionId)}/download/`,
                `OpenCapData_${sessionId}.zip`,
              );
            }}
          >
            {t('menu.downloadOld')}
          </MenuItem>,
        ]
      : []),
  ];
  const dialog = (
    <ArchiveProgressDialog state={archive.state} onStop={archive.stop} onClose={archive.dismiss} />
  );
  return { items, dialog };
}

/** For visitors of a public session: its processed data (and videos where the subject shares them). */
export function PublicDownloadButton({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('archive');
  const archive = useArchiveDownload();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={archive.busy}
        onClick={() => void archive.start(startSessionArchive(sessionId))}
      >
        {t('menu.download')}
      </Button>
      <ArchiveProgressDialog state={archive.state} onStop={archive.stop} onClose={archive.dismiss} />
    </>
  );
}
