import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  emptyRecycleBinEndpoint,
  getSessionEndpoint,
  permanentRemoveTrialEndpoint,
  restoreTrialEndpoint,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { SESSION_LISTS_KEY } from '../sessions/api';

export const binSessionKey = (id: string) => ['bin-session', id] as const;

/** Restores or deletes for good trashed trials (one, or all of a session's), then refreshes the bin. */
export function useBinTrialAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, trialIds }: { action: 'restore' | 'remove'; trialIds: string[] }) => {
      const ep = action === 'restore' ? restoreTrialEndpoint : permanentRemoveTrialEndpoint;
      for (const id of trialIds) await apiCall(ep, { params: { id } });
      return trialIds.length;
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: SESSION_LISTS_KEY }),
        qc.invalidateQueries({ queryKey: ['bin-session'] }),
        qc.invalidateQueries({ queryKey: ['session'] }),
      ]),
  });
}

/** The trashed trials of a session (fetched when a row menu acts on all of them). */
export async function trashedTrialIds(sessionId: string): Promise<string[]> {
  const s = await apiCall(getSessionEndpoint, { params: { id: sessionId } });
  return s.trials.filter((t) => t.trashed).map((t) => t.id);
}

export function useEmptyBin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(emptyRecycleBinEndpoint),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: SESSION_LISTS_KEY }),
        qc.invalidateQueries({ queryKey: ['bin-session'] }),
      ]),
  });
}
