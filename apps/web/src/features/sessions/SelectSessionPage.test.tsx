import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionPage } from '@poselab/contract';
import { authStore } from '../../auth/auth-store';
import { renderRouter } from '../../testing/render-route';
import SelectSessionPage from './SelectSessionPage';

function serve(page: SessionPage) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/sessions/valid/')) {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(page));
      }
      return new Response('[]');
    }),
  );
  return bodies;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/sessions', element: <SelectSessionPage /> },
      { path: '/step1', element: <p>Step 1</p> },
    ],
    { initialEntries: ['/sessions'] },
  );
  renderRouter(router);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

const session = {
  id: 'abcdef12-0000-0000-0000-000000000000',
  user: 'u',
  subject_id: 's',
  name: 'Jane',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  trials_count: 3,
  public: false,
  trashed: false,
  trashed_at: null,
  meta: { sessionName: 'knee_study' },
};

describe('SelectSessionPage', () => {
  it('lists sessions with the five columns and asks for 40 per page', async () => {
    authStore.update({ licenseEndDate: '2999-01-01' });
    const bodies = serve({ sessions: [session], total: 41 });
    renderPage();
    expect(await screen.findByText('knee_study')).toBeInTheDocument();
    for (const h of ['Session ID', 'Session Name', 'Subject Name', 'Date', 'Number of trials']) {
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(screen.getByText('1/5/2026')).toBeInTheDocument();
    expect(screen.getByText('1–40 of 41')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ start: 0, quantity: 40, include_trashed: false });
    expect(screen.getByRole('button', { name: 'New session' })).toBeEnabled();
  });

  it('disables New session when the license has expired', async () => {
    authStore.update({ licenseEndDate: '2000-01-01' });
    serve({ sessions: [session], total: 1 });
    renderPage();
    await screen.findByText('knee_study');
    expect(screen.getByRole('button', { name: 'New session' })).toBeDisabled();
  });

  it('sends a user with zero sessions to Step1', async () => {
    serve({ sessions: [], total: 0 });
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
  });

  it('stays on the list with zero sessions when the license has expired (no redirect loop)', async () => {
    authStore.update({ licenseEndDate: '2000-01-01' });
    serve({ sessions: [], total: 0 });
    const router = renderPage();
    expect(await screen.findByRole('button', { name: 'New session' })).toBeDisabled();
    await new Promise((r) => setTimeout(r, 100));
    expect(router.state.location.pathname).not.toBe('/step1');
  });
});
