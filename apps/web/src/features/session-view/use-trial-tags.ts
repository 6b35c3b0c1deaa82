import { useQuery } from '@tanstack/react-query';
import type { TagOption } from './dialogs';

/** The trial tag vocabulary, a static file of {value, label} entries (SPEC §3). */
export const TRIAL_TAGS_URL = '/tags/trial-tags.json';

export function useTrialTagVocabulary() {
  return useQuery({
    queryKey: ['trial-tag-vocabulary'],
    staleTime: Infinity,
    queryFn: async (): Promise<TagOption[]> => {
      const res = await fetch(TRIAL_TAGS_URL);
      if (!res.ok) return [];
      try {
        const list = (await res.json()) as unknown;
        return Array.isArray(list)
          ? list.filter((e): e is TagOption => typeof e?.value === 'string' && typeof e?.label === 'string')
          : [];
      } catch {
        return []; // the SPA answers unknown paths with HTML: no vocabulary yet, tags are typed freely
      }
    },
  });
}
