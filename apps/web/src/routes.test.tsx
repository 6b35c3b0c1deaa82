import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './App';
import { authStore } from './auth/auth-store';
import { ownInfo, stubApi } from './auth/fake-api';
import { routeObjects } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('routes', () => {
  // Restoring a stored login fetches the user info (SPEC §4); answer it as the server would.
  beforeEach(() => {
    stubApi({
      'POST /api/get_user_info/': (body) => ({
        json: ownInfo((body as { username: string }).username, {
          institutional_use: authStore.get().institutionalUse,
        }),
      }),
      'GET /api/app-configuration/': () => ({ json: { logo: null } }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends an anonymous visitor on an unknown path to Login via SelectSession', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a verified academic user reach the session list', async () => {
    authStore.update({
      token: 't',
      verified: true,
      username: 'ann',
      institutionalUse: 'research_at_academic',
      validUntil: Date.now() + 1e6,
    });
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    authStore.clear();
  });

  it('forces License for a user without intended use', async () => {
    authStore.update({
      token: 't',
      verified: true,
      username: 'bob',
      institutionalUse: null,
      validUntil: Date.now() + 1e6,
    });
    const router = renderAt('/subjects');
    await screen.findByRole('heading', { name: 'Intended use' });
    expect(router.state.location.pathname).toBe('/license');
    authStore.clear();
  });
});
