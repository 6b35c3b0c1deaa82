import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSessionEndpoint,
  getTrialEndpoint,
  modifyTrialTagsEndpoint,
  patchSessionEndpoint,
  permanentRemoveTrialEndpoint,
  renameTrialEndpoint,
  restoreTrialEndpoint,
  trashTrialEndpoint,
  type Session,
  type Trial,
} from '@poselab/contract';
import { apiCall } from '../../api/client';

/** Statuses that still change on the server: the list is polled while any trial is in one (SPEC §9: 5 s). */
const LIVE_STATUSES = new Set(['recording', 'stopped', 'processing', 'reprocess']);
export const TRIAL_POLL_MS = 5_000;

export const sessionKey = (id: string) => ['session', id] as const;

export function useSession(id: string | undefined) {
  return useQuery({
    queryKey: sessionKey(id ?? ''),
    queryFn: ({ signal }) => apiCall(getSessionEndpoint, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    refetchInterval: (q) =>
      q.state.data?.trials.some((t) => LIVE_STATUSES.has(t.status)) ? TRIAL_POLL_MS : false,
  });
}

export function useTrial(id: string | undefined) {
  return useQuery({
    queryKey: ['trial', id ?? ''],
    queryFn: ({ signal }) => apiCall(getTrialEndpoint, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** Trial actions of the trial menu; each refreshes the session's trial list. */
export function useTrialActions(sessionId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: sessionKey(sessionId) });
  const replaceTrial = (t: Trial) =>
    qc.setQueryData<Session>(sessionKey(sessionId), (s) =>
      s ? { ...s, trials: s.trials.map((x) => (x.id === t.id ? t : x)) } : s,
    );
  const onTrial = { onSuccess: (t: Trial) => (replaceTrial(t), refresh()) };
  return {
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        apiCall(renameTrialEndpoint, { params: { id }, body: { trialNewName: name } }),
      ...onTrial,
    }),
    tags: useMutation({
      mutationFn: ({ id, tags }: { id: string; tags: string[] }) =>
        apiCall(modifyTrialTagsEndpoint, { params: { id }, body: { trialNewTags: tags } }),
      ...onTrial,
    }),
    trash: useMutation({
      mutationFn: (id: string) => apiCall(trashTrialEndpoint, { params: { id } }),
      ...onTrial,
    }),
    restore: useMutation({
      mutationFn: (id: string) => apiCall(restoreTrialEndpoint, { params: { id } }),
      ...onTrial,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiCall(permanentRemoveTrialEndpoint, { params: { id } }),
      onSuccess: (_r: unknown, id: string) => {
        qc.setQueryData<Session>(sessionKey(sessionId), (s) =>
          s ? { ...s, trials: s.trials.filter((x) => x.id !== id) } : s,
        );
        return refresh();
      },
    }),
  };
}

export function useMakePublic(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) =>
      apiCall(patchSessionEndpoint, { params: { id: sessionId }, body: { public: isPublic } }),
    onSuccess: (s: Session) => qc.setQueryData(sessionKey(sessionId), s),
  });
}
