import { useQuery } from '@tanstack/react-query';
import { listAnalysisDashboardsEndpoint } from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';

export interface DashboardLink {
  id: string;
  title: string;
  /** The analysis function id. */
  function: string;
}

/**
 * The user's analysis dashboards for the Dashboards menu (GET /analysis-dashboards/, by title). The menu always
 * offers the Kinematics dashboard; when the list cannot be read the menu just has no analysis dashboards.
 * Titles are shown in the UI language from the analysis catalogue ('analysis-functions' namespace) when it
 * knows the function, else as stored.
 */
export function useAnalysisDashboards() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['analysis-dashboards-menu'],
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<DashboardLink[]> => {
      try {
        return await apiCall(listAnalysisDashboardsEndpoint, { signal });
      } catch {
        return [];
      }
    },
  });
  return {
    ...query,
    data: query.data?.map((d) => ({
      ...d,
      title: t(`analysis-functions:functions.${d.function}.title`, { defaultValue: d.title }),
    })),
  };
}
