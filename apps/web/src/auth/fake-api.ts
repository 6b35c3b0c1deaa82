import { vi } from 'vitest';

export type FakeRoute = (body: unknown, init: RequestInit) => { status?: number; json: unknown } | undefined;

/**
 * Replaces fetch with answers per 'METHOD /api/path/' for component tests (jsdom has no server). Calls are
 * recorded; an unknown call answers 404 so a test notices it.
 */
export function stubApi(routes: Record<string, FakeRoute>) {
  const calls: Array<{ key: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    calls.push({ key, body, headers: (init.headers ?? {}) as Record<string, string> });
    const answer = routes[key]?.(body, init) ?? { status: 404, json: { message: `No fake for ${key}` } };
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** get_user_info's answer for oneself. */
export function ownInfo(username: string, patch: Record<string, unknown> = {}) {
  return {
    username,
    first_name: 'Ann',
    last_name: 'Lee',
    institution: 'Uni',
    profession: 'Researcher',
    website: '',
    country: 'US',
    profile_picture: `/api/users/${username}/picture?v=default`,
    unit: 'metric',
    is_own: true,
    user_id: `id-${username}`,
    email: `${username}@example.org`,
    reason: 'Research',
    language: 'en',
    newsletter: true,
    institutional_use: 'research_at_academic',
    license_start_date: '2026-01-01',
    license_end_date: '2099-01-31',
    logo: null,
    show_email: false,
    public_email: null,
    ...patch,
  };
}
