import { useQueries, useQuery } from '@tanstack/react-query';
import {
  analysisDashboardDataEndpoint,
  analysisResult,
  getAnalysisDashboardEndpoint,
  type AnalysisDashboard,
  type AnalysisResult,
  type DashboardData,
  type DashboardGrantQuery,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/api-error';
import type { SelectorState } from './dashboard-url';

/**
 * The read grants a dashboard page asks the server with: the owner's view when signed in, every subject
 * share token of the selectors, and the selectors' sessions (public sessions for visitors).
 */
export function grantsOf(selectors: SelectorState[], loggedIn: boolean): DashboardGrantQuery[] {
  const grants: DashboardGrantQuery[] = loggedIn ? [{}] : [];
  const seen = new Set<string>();
  for (const s of selectors) {
    const g: DashboardGrantQuery | null = s.shareToken
      ? { subject_id: s.subjectId, share_token: s.shareToken }
      : !loggedIn && s.sessionId
        ? { session_id: s.sessionId }
        : null;
    const key = JSON.stringify(g);
    if (g && !seen.has(key)) {
      seen.add(key);
      grants.push(g);
    }
  }
  return grants;
}

/** The dashboard (title, layout), read with the first grant that opens it. */
export function useDashboard(id: string, grants: DashboardGrantQuery[]) {
  return useQuery({
    queryKey: ['analysis-dashboard', id, grants],
    enabled: grants.length > 0,
    retry: false,
    queryFn: async ({ signal }): Promise<AnalysisDashboard> => {
      let last: unknown = new ApiError(404, 'Not found.');
      for (const g of grants) {
        try {
          return await apiCall(getAnalysisDashboardEndpoint, { params: { id }, query: g, signal });
        } catch (err) {
          last = err;
        }
      }
      throw last;
    },
  });
}

export interface MergedData extends DashboardData {
  /** Whether the owner's view answered (the viewer owns the dashboard). */
  isOwner: boolean;
  /** Grants that answered 404 (a wrong or renewed share token, a private session). */
  refused: DashboardGrantQuery[];
}

const byId = <T extends { id: string }>(lists: T[][]): T[] => {
  const m = new Map<string, T>();
  for (const list of lists) for (const x of list) if (!m.has(x.id)) m.set(x.id, x);
  return [...m.values()];
};

/** The dashboard's data under each grant, merged (the owner's view first). */
export function useDashboardData(id: string, grants: DashboardGrantQuery[]) {
  const queries = useQueries({
    queries: grants.map((g) => ({
      queryKey: ['analysis-dashboard-data', id, g],
      retry: false,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiCall(analysisDashboardDataEndpoint, { params: { id }, query: g, signal }),
    })),
  });
  const ok = queries.map((q, i) => ({ q, g: grants[i] })).filter((x) => x.q.data);
  const data: MergedData = {
    sessions: byId(ok.map((x) => x.q.data!.sessions)),
    trials: byId(ok.map((x) => x.q.data!.trials)),
    subjects: byId(ok.map((x) => x.q.data!.subjects)),
    results: byId(ok.map((x) => x.q.data!.results)),
    isOwner: ok.some((x) => Object.keys(x.g).length === 0),
    refused: queries
      .map((q, i) => ({ q, g: grants[i] }))
      .filter((x) => x.q.isError)
      .map((x) => x.g),
  };
  return {
    data,
    isLoading: queries.some((q) => q.isLoading),
    error: queries.length > 0 && queries.every((q) => q.isError) ? queries[0].error : null,
  };
}

/** The analysis result JSON of each trial (fetched from its media URL, checked against the contract). */
export function useAnalysisResults(media: (string | null | undefined)[]) {
  return useQueries({
    queries: media.map((url) => ({
      queryKey: ['analysis-result-json', url ?? ''],
      enabled: Boolean(url),
      staleTime: Infinity,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AnalysisResult> => {
        const res = await fetch(url!, { signal });
        if (!res.ok) throw new Error(`Could not load the analysis result (${res.status})`);
        return analysisResult.parse(await res.json());
      },
    })),
  });
}
