import { DOWNLOAD_BUSY_MS } from '@poselab/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../../api/api-error';
import { saveUrl, waitForArchive } from './archive-download';

export type ArchiveJobState =
  | { phase: 'idle' }
  | { phase: 'preparing'; percent: number | null; message: string | null }
  | { phase: 'ready'; fileName: string }
  | { phase: 'failed'; message: string; code: string | null; detail: string | null };

/**
 * One async download at a time: start it with the call that returns a task id; the state follows the
 * on-ready polls, the file goes to the browser's downloads by itself when ready, and `busy` (the button's
 * flag) clears 5 s after the outcome (SPEC §9). `stop` ends the polling (the server finishes the archive
 * anyway and a later request reuses it).
 */
export function useArchiveDownload() {
  const [state, setState] = useState<ArchiveJobState>({ phase: 'idle' });
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
      if (busyTimer.current) clearTimeout(busyTimer.current);
    },
    [],
  );

  const start = useCallback(async (begin: () => Promise<{ task_id: string }>) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    if (busyTimer.current) clearTimeout(busyTimer.current);
    setBusy(true);
    setState({ phase: 'preparing', percent: null, message: null });
    try {
      const ready = await waitForArchive(begin, {
        signal: ac.signal,
        onProgress: (p) => !ac.signal.aborted && setState({ phase: 'preparing', ...p }),
      });
      saveUrl(ready.url, ready.file_name);
      setState({ phase: 'ready', fileName: ready.file_name });
    } catch (err) {
      if (ac.signal.aborted) return;
      // A failed archive (500) carries a stable code for the catalogue; other errors only their text.
      const body = err instanceof ApiError ? err.body : {};
      setState({
        phase: 'failed',
        message: errorText(err),
        code: typeof body.code === 'string' ? body.code : null,
        detail: typeof body.detail === 'string' ? body.detail : null,
      });
    }
    busyTimer.current = setTimeout(() => setBusy(false), DOWNLOAD_BUSY_MS);
  }, []);

  const stop = useCallback(() => {
    controller.current?.abort();
    setBusy(false);
    setState({ phase: 'idle' });
  }, []);

  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, busy, start, stop, dismiss };
}
