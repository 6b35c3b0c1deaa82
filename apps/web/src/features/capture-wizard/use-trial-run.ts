import { useEffect, useRef, useState } from 'react';
import type { CaptureStatusReply } from './api';
import { captureApi } from './api';

/** SPEC §9: status polling during calibration and neutral, every 1 s. */
export const WIZARD_POLL_MS = 1_000;

/**
 * Follows one recorded trial (calibration or neutral) by polling its status every second until it is done
 * or failed; `onFinished` runs once with the final status.
 */
export function useTrialRun(sessionId: string, onFinished: (st: CaptureStatusReply) => void) {
  const [trialId, setTrialId] = useState<string | null>(null);
  const [status, setStatus] = useState<CaptureStatusReply | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    if (!trialId) return;
    let stop = false;
    let timer = 0;
    const poll = async () => {
      try {
        const st = await captureApi.status(sessionId, trialId);
        if (stop) return;
        setStatus(st);
        if (st.status === 'done' || st.status === 'error') {
          setTrialId(null);
          finished.current(st);
          return;
        }
      } catch {
        // a missed poll is retried
      }
      if (!stop) timer = window.setTimeout(() => void poll(), WIZARD_POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), WIZARD_POLL_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [sessionId, trialId]);

  return {
    running: trialId !== null,
    status,
    start(id: string) {
      setStatus(null);
      setTrialId(id);
    },
    reset() {
      setTrialId(null);
      setStatus(null);
    },
  };
}
