import {
  archiveOnReadyEndpoint,
  ARCHIVE_POLL_MS,
  type ArchivePending,
  type ArchiveReady,
} from '@poselab/contract';
import { apiCall } from '../../api/client';

/** What the web app shows while an archive is made. */
export interface ArchiveProgress {
  percent: number | null;
  message: string | null;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * SPEC §4 'Archive download': after the start call gives a task id, asks /logs/{task_id}/on-ready/ every second
 * until it answers 200 with the link. A failed archive (500 with its message) or any other error ends the
 * polling by throwing; so does the signal.
 */
export async function waitForArchive(
  start: () => Promise<{ task_id: string }>,
  opts: { onProgress?: (p: ArchiveProgress) => void; signal?: AbortSignal; intervalMs?: number } = {},
): Promise<ArchiveReady> {
  const { task_id } = await start();
  for (;;) {
    const answer = (await apiCall(archiveOnReadyEndpoint, {
      params: { task_id },
      signal: opts.signal,
    })) as ArchiveReady | ArchivePending;
    if (answer.state === 'ready') return answer;
    opts.onProgress?.({ percent: answer.percent, message: answer.message });
    await sleep(opts.intervalMs ?? ARCHIVE_POLL_MS, opts.signal);
  }
}

/** Hands a file at `url` to the browser's downloads (same-origin links honour `download`; S3 links name it). */
export function saveUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
