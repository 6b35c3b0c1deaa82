import DownloadIcon from '@mui/icons-material/Download';
import { Button, MenuItem } from '@mui/material';
import {
  DOWNLOAD_BUSY_MS,
  sessionAsyncDownloadEndpoint,
  subjectAsyncDownloadEndpoint,
  type ArchiveVideoCopy,
} from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { toast } from '../../toast/toast';
import { downloadWithToken } from '../subjects/download-file';
import { ArchiveProgressDialog } from './ArchiveProgressDialog';
import { DownloadChoiceDialog } from './DownloadChoiceDialog';
import { useArchiveDownload } from './use-archive-download';

/** Starts a session's archive with the videos asked for (a visitor gets no more than the subject allows). */
export const startSessionArchive =
  (sessionId: string, videos: ArchiveVideoCopy = 'original') =>
  () =>
    apiCall(sessionAsyncDownloadEndpoint, { params: { id: sessionId }, query: { videos } });

export const startSubjectArchive =
  (subjectId: string, videos: ArchiveVideoCopy = 'original') =>
  () =>
    apiCall(subjectAsyncDownloadEndpoint, { params: { id: subjectId }, query: { videos } });

/**
 * The owner's Download data: the videos choice first (DownloadChoiceDialog), then the archive with its
 * progress. `choose(start)` opens the choice; `start(videos)` gives the call that makes the archive.
 */
export function useChosenArchiveDownload() {
  const archive = useArchiveDownload();
  const [pending, setPending] = useState<
    ((videos: ArchiveVideoCopy) => () => Promise<{ task_id: string }>) | null
  >(null);
  const choose = (start: (videos: ArchiveVideoCopy) => () => Promise<{ task_id: string }>) =>
    setPending(() => start);
  const dialog = (
    <>
      <DownloadChoiceDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onDownload={(videos) => {
          const start = pending;
          setPending(null);
          if (start) void archive.start(start(videos));
        }}
      />
      <ArchiveProgressDialog state={archive.state} onStop={archive.stop} onClose={archive.dismiss} />
    </>
  );
  return { busy: archive.busy, choose, dialog };
}

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
 * Session menu entries (SPEC §2): 'Download data' asks which videos, then makes the archive asynchronously
 * with a progress dialog and saves it by itself when ready; 'Download data (old)' streams it directly, only with the sync-download flag.
 * The state lives in the menu's owner (a closed menu unmounts its items): call this there, place `items`
 * inside the menu and `dialog` beside it.
 */
export function useSessionDownloads(sessionId: string, allowSync: boolean, onPicked: () => void) {
  const { t } = useTranslation('archive');
  const archive = useChosenArchiveDownload();
  const sync = useSyncDownload();
  const items = [
    <MenuItem
      key="download"
      disabled={archive.busy}
      onClick={() => {
        onPicked();
        archive.choose((videos) => startSessionArchive(sessionId, videos));
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
  return { items, dialog: archive.dialog };
}

/**
 * For visitors of a public session: its processed data, and the videos the subject shares (originals or the
 * blurred copies; no choice to make, the server gives what the subject allows).
 */
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
