import { useQuery } from '@tanstack/react-query';
import { listAnalysisDashboardsEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';

export interface DashboardLink {
  id: string;
  title: string;
}

/**
 * The user's analysis dashboards for the Dashboards menu (GET /analysis-dashboards/, by title). The menu always
 * offers the Kinematics dashboard; when the list cannot be read the menu just has no analysis dashboards.
 */
export function useAnalysisDashboards() {
  return useQuery({
    queryKey: ['analysis-dashboards-menu'],
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<DashboardLink[]> => {
      try {
        const list = await apiCall(listAnalysisDashboardsEndpoint, { signal });
        return list.map((d) => ({ id: d.id, title: d.title }));
      } catch {
        return [];
      }
    },
  });
}
