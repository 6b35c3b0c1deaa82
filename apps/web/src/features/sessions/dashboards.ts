import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../api/client';
import { authStore } from '../../auth/auth-store';

export interface DashboardLink {
  id: string;
  title: string;
}

/**
 * The analysis dashboards for the Dashboards menu (GET /analysis-dashboards/). The menu always offers the
 * Kinematics dashboard; until the server lists analysis dashboards (or when it answers an error) the list is empty.
 */
export function useAnalysisDashboards() {
  return useQuery({
    queryKey: ['analysis-dashboards-menu'],
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<DashboardLink[]> => {
      const token = authStore.get().token;
      const res = await fetch(`${API_BASE}/analysis-dashboards/`, {
        headers: token ? { Authorization: `Token ${token}` } : {},
        signal,
      });
      if (!res.ok) return [];
      const list = (await res.json().catch(() => [])) as unknown;
      return Array.isArray(list)
        ? list
            .filter((d): d is { id: unknown; title: unknown } => typeof d === 'object' && d !== null)
            .map((d) => ({ id: String(d.id), title: String(d.title ?? d.id) }))
        : [];
    },
  });
}
