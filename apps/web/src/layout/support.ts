import { useQuery } from '@tanstack/react-query';
import { appInfoEndpoint } from '@poselab/contract';
import { apiCall } from '../api/client';

/**
 * The server's support address (SUPPORT_EMAIL) for Bug Report and the License page's 'contact us'; null when
 * the server has none, and the links are then left out.
 */
export function useSupportEmail(): string | null {
  const info = useQuery({
    queryKey: ['app-info'],
    queryFn: () => apiCall(appInfoEndpoint),
    staleTime: Infinity,
    retry: 1,
  });
  return info.data?.support_email ?? null;
}

export function mailto(to: string, subject: string): string {
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

export type DocsPage = 'documentation' | 'faq' | 'terms' | 'privacy';

/** The documentation page in the UI language: German pages live under /docs/de/ (issue #29). */
export function docsHref(page: DocsPage, language: string, hash = ''): string {
  return `/docs/${language === 'de' ? 'de/' : ''}${page}.html${hash}`;
}
