import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  permanentRemoveSessionEndpoint,
  renameSessionEndpoint,
  restoreSessionEndpoint,
  SESSION_PAGE_SIZE,
  trashSessionEndpoint,
  validSessionsEndpoint,
  type SessionPage,
  type SessionPageQuery,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { formatDate } from '../../i18n/format';

/** Every session list query starts with this key, so one invalidation refreshes them all. */
export const SESSION_LISTS_KEY = ['session-lists'] as const;

export async function fetchSessionPage(query: SessionPageQuery, signal?: AbortSignal): Promise<SessionPage> {
  const res = await apiCall(validSessionsEndpoint, { body: query, signal });
  if (Array.isArray(res)) throw new Error('Unexpected answer to the session list.');
  return res;
}

/** A page of the user's sessions (POST /sessions/valid/, 40 per page). */
export function useSessionPage(query: SessionPageQuery, enabled = true) {
  return useQuery({
    queryKey: [...SESSION_LISTS_KEY, query],
    queryFn: ({ signal }) => fetchSessionPage({ quantity: SESSION_PAGE_SIZE, ...query }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type SessionAction = 'trash' | 'restore' | 'remove';
const ACTIONS = {
  trash: trashSessionEndpoint,
  restore: restoreSessionEndpoint,
  remove: permanentRemoveSessionEndpoint,
} as const;

/** Trash, restore or permanently remove a session, then refresh the lists. */
export function useSessionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SessionAction }) =>
      apiCall(ACTIONS[action], { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: SESSION_LISTS_KEY }),
  });
}

export function useRenameSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiCall(renameSessionEndpoint, { params: { id }, body: { sessionNewName: name } }),
    onSettled: () => qc.invalidateQueries({ queryKey: SESSION_LISTS_KEY }),
  });
}

/** SPEC §3: created_at shown as a short date (US style in English, 4.7.2026 in German). */
export function shortDate(iso: string): string {
  return formatDate(iso);
}

export function sessionName(meta: { sessionName?: string }): string {
  return meta.sessionName ?? '';
}
