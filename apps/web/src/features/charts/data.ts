import { useQueries, useQuery } from '@tanstack/react-query';
import {
  getSessionEndpoint,
  listSubjectsEndpoint,
  validSessionsEndpoint,
  type Session,
  type Trial,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { parseMot, type MotTable } from './mot';
import { i18n } from '../../i18n';

/** SPEC §4: only done trials, not neutral or calibration, are offered for dashboard selection. */
export function selectableTrials(session: Session | undefined): Trial[] {
  return (session?.trials ?? []).filter(
    (t) =>
      t.status === 'done' &&
      !t.trashed &&
      t.name !== 'neutral' &&
      t.name !== 'calibration' &&
      t.results.some((r) => r.tag === 'ik_results' && r.media),
  );
}

export function useSubjects(enabled: boolean) {
  return useQuery({
    queryKey: ['chart-subjects'],
    enabled,
    queryFn: ({ signal }) => apiCall(listSubjectsEndpoint, { query: { quantity: -1 }, signal }),
  });
}

/** A subject's sessions with their trials (form 2 of POST /sessions/valid/). */
export function useSubjectSessions(subjectId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['chart-sessions', subjectId],
    enabled: enabled && Boolean(subjectId),
    queryFn: async ({ signal }) =>
      (await apiCall(validSessionsEndpoint, {
        body: { subject_id: subjectId, skip_no_trials: true },
        signal,
      })) as Session[],
  });
}

/** The route's session (also the only data a visitor of a public session has). */
export function useRouteSession(id: string | undefined) {
  return useQuery({
    queryKey: ['session', id ?? ''],
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiCall(getSessionEndpoint, { params: { id: id! }, signal }),
  });
}

/** Loads and parses each trial's IK .mot (result tag ik_results). */
export function useMotTables(trials: (Trial | undefined)[]) {
  return useQueries({
    queries: trials.map((t) => ({
      queryKey: ['ik-mot', t?.id ?? ''],
      enabled: Boolean(t),
      staleTime: Infinity,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MotTable> => {
        const r = t!.results.find((x) => x.tag === 'ik_results' && x.media);
        if (!r?.media) throw new Error(i18n.t('charts:resultNotFound', { tag: 'ik_results' }));
        const res = await fetch(r.media, { signal });
        if (!res.ok) throw new Error(`Could not load the kinematics of ${t!.name} (${res.status})`);
        return parseMot(await res.text());
      },
    })),
  });
}

/** Sessions (with trials) of several subjects at once, keyed by subject id. */
export function useSessionsBySubject(subjectIds: string[], enabled: boolean): Map<string, Session[]> {
  const unique = [...new Set(subjectIds.filter(Boolean))];
  const results = useQueries({
    queries: unique.map((subjectId) => ({
      queryKey: ['chart-sessions', subjectId],
      enabled,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await apiCall(validSessionsEndpoint, {
          body: { subject_id: subjectId, skip_no_trials: true },
          signal,
        })) as Session[],
    })),
  });
  return new Map(unique.map((id, i) => [id, results[i].data ?? []]));
}
