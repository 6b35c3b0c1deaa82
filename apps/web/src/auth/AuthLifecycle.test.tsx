import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { renderRouter } from '../testing/render-route';
import { authStore } from './auth-store';
import { AuthLifecycle } from './AuthLifecycle';
import { ownInfo, stubApi } from './fake-api';

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Login</h1> },
      {
        path: '/sessions',
        element: (
          <>
            <AuthLifecycle />
            <h1>Sessions</h1>
          </>
        ),
      },
    ],
    { initialEntries: ['/sessions'] },
  );
  renderRouter(router);
  return router;
}

const signedIn = (patch = {}) =>
  authStore.update({
    token: 'tok',
    verified: true,
    username: 'ann',
    institutionalUse: 'research_at_academic',
    validUntil: Date.now() + 60_000,
    ...patch,
  });

describe('AuthLifecycle (SPEC §4 restore on start and auto-logout)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reload();
  });

  it('restores a stored login and refreshes the user info', async () => {
    signedIn({ licenseEndDate: '2000-01-01', unit: 'metric' });
    stubApi({
      'POST /api/get_user_info/': () => ({
        json: ownInfo('ann', { license_end_date: '2099-12-31', unit: 'imperial' }),
      }),
    });
    renderApp();
    await waitFor(() => expect(authStore.get().licenseEndDate).toBe('2099-12-31'));
    expect(authStore.get()).toMatchObject({ token: 'tok', unit: 'imperial' });
  });

  it('logs out and goes to Login when the restore fails', async () => {
    signedIn({ deviceSecret: 'keep-me', rememberDeviceAt: Date.now() });
    const api = stubApi({
      'POST /api/get_user_info/': () => ({ status: 401, json: { message: 'Invalid token.' } }),
    });
    const router = renderApp();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Error retrieving user info.')).toBeInTheDocument();
    expect(authStore.get()).toMatchObject({ token: null, verified: false, deviceSecret: 'keep-me' });
    expect(api.calls.map((c) => c.key)).toContain('POST /api/logout/');
  });

  it('keeps the stored login and shows the network message when the server cannot be reached on start', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const router = renderApp();
    expect(
      await screen.findByText('Could not reach server. Check your internet connection and try again.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sessions');
    expect(authStore.get()).toMatchObject({ token: 'tok', verified: true, username: 'ann' });
  });

  it('keeps the login on a server error other than 401', async () => {
    signedIn();
    stubApi({ 'POST /api/get_user_info/': () => ({ status: 503, json: { message: 'Busy' } }) });
    const router = renderApp();
    expect(await screen.findByText('Error retrieving user info.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sessions');
    expect(authStore.get().token).toBe('tok');
  });

  it("switches the UI to the profile's language", async () => {
    signedIn();
    stubApi({ 'POST /api/get_user_info/': () => ({ json: ownInfo('ann', { language: 'de' }) }) });
    renderApp();
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(localStorage.getItem('poselab.language')).toBe('de');
  });

  it('logs out when the one-week window ends while the page stays open', async () => {
    signedIn({ validUntil: Date.now() + 300 });
    stubApi({ 'POST /api/get_user_info/': () => ({ json: ownInfo('ann') }) });
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Sessions' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(authStore.get().token).toBeNull();
  });
});
