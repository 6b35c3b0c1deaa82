import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../App';
import { authStore } from '../../auth/auth-store';
import { stubApi } from '../../auth/fake-api';
import { i18n } from '../../i18n';
import ConnectDevicesPage from './ConnectDevicesPage';

const SESSION_ID = 'abcdef12-0000-0000-0000-000000000000';
const session = {
  id: SESSION_ID,
  user: 'u',
  subject_id: null,
  name: '',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  trials: [],
  public: false,
  trashed: false,
  trashed_at: null,
  meta: {},
};

function serve(connected: number) {
  return stubApi({
    'GET /api/sessions/new/': () => ({ json: [session] }),
    [`GET /api/sessions/${SESSION_ID}/get_qr/`]: () => ({
      json: { qr: 'data:image/png;base64,', url: 'http://x/capture' },
    }),
    [`GET /api/sessions/${SESSION_ID}/status/`]: () => ({
      json: {
        status: 'ready',
        trial_id: null,
        trial_name: null,
        n_videos_uploaded: 0,
        n_videos_expected: 0,
        n_cameras_connected: connected,
        progress_info: { percent: null, message: null },
        message: null,
        devices: [],
      },
    }),
  });
}

/** Step 1 as a user without sessions reaches it (/step1 shows ConnectDevices, which creates the session). */
function renderStep1() {
  const router = createMemoryRouter(
    [
      { path: '/connect-devices', element: <ConnectDevicesPage /> },
      { path: '/:id/connect-devices', element: <ConnectDevicesPage /> },
      { path: '/import-session', element: <p>Import wizard</p> },
    ],
    { initialEntries: ['/connect-devices'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  authStore.clear();
  await i18n.changeLanguage('en');
});

describe('ConnectDevicesPage: step 1 also leads to sessions from video files (issue #28)', () => {
  it('offers the import beside pairing phones, and the button opens the import wizard', async () => {
    serve(0);
    const router = renderStep1();
    // Not before the phone session exists: its creation would take the user back to step 1 after the click.
    expect(screen.queryByRole('button', { name: 'New session from video files' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${SESSION_ID}/connect-devices`));
    expect(await screen.findByRole('region', { name: 'Filmed already?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New session from video files' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/import-session'));
  });

  it('says it in German', async () => {
    await i18n.changeLanguage('de');
    serve(0);
    renderStep1();
    expect(await screen.findByRole('button', { name: 'Neue Sitzung aus Videodateien' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Schon gefilmt?' })).toBeInTheDocument();
  });

  it('leaves the offer out once a phone is paired: the user records with phones', async () => {
    const { calls } = serve(1);
    const router = renderStep1();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${SESSION_ID}/connect-devices`));
    // Shown while the status loads (no phone yet), gone once it says a phone is paired.
    await waitFor(() => {
      expect(calls.some((c) => c.key.endsWith('/status/'))).toBe(true);
      expect(screen.queryByRole('button', { name: 'New session from video files' })).toBeNull();
    });
    expect(screen.getByText('Connect at least 2 phones to record.')).toBeInTheDocument();
  });
});
