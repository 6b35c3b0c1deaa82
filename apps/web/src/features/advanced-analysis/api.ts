import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  analysisResultEndpoint,
  invokeAnalysisEndpoint,
  listAnalysisFunctionsEndpoint,
  type AnalysisFunctionItem,
} from '@poselab/contract';
import { useEffect } from 'react';
import { apiCall } from '../../api/client';
import { sessionKey } from '../session-view/api';

/** SPEC §9: analysis polls every 1 s. */
export const ANALYSIS_POLL_MS = 1_000;

export const analysisFunctionsKey = (sessionId: string) => ['analysis-functions', sessionId] as const;

/** The functions with the per-trial states of this session's trials. */
export function useAnalysisFunctions(sessionId: string) {
  return useQuery({
    queryKey: analysisFunctionsKey(sessionId),
    queryFn: ({ signal }) =>
      apiCall(listAnalysisFunctionsEndpoint, { query: { session_id: sessionId }, signal }),
  });
}

/**
 * Polls GET /analysis-result/{task_id}/ every second for each pending task (202 while calculating); when one
 * is done, the function list and the session (which now holds the result) are read again.
 */
export function usePendingTaskPolls(sessionId: string, functions: AnalysisFunctionItem[] | undefined) {
  const qc = useQueryClient();
  const pending = (functions ?? []).flatMap((f) =>
    Object.values(f.states)
      .filter((s) => s.state === 'pending')
      .map((s) => s.task_id),
  );
  const polls = useQueries({
    queries: pending.map((taskId) => ({
      queryKey: ['analysis-result', taskId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiCall(analysisResultEndpoint, { params: { taskId }, signal }),
      refetchInterval: (q: { state: { data?: { state: string } } }) =>
        q.state.data && q.state.data.state !== 'pending' ? false : ANALYSIS_POLL_MS,
    })),
  });
  const finished = polls.filter((p) => p.data && p.data.state !== 'pending').length;
  useEffect(() => {
    if (finished === 0) return;
    void qc.invalidateQueries({ queryKey: analysisFunctionsKey(sessionId) });
    void qc.invalidateQueries({ queryKey: sessionKey(sessionId) });
  }, [finished, qc, sessionId]);
}

export function useInvokeAnalysis(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ functionId, trialNames }: { functionId: string; trialNames: string[] }) =>
      apiCall(invokeAnalysisEndpoint, {
        params: { id: functionId },
        body: { session_id: sessionId, specific_trial_names: trialNames },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: analysisFunctionsKey(sessionId) }),
  });
}
