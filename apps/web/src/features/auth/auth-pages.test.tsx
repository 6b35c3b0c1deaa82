import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../auth/auth-store';
import { ownInfo, stubApi } from '../../auth/fake-api';
import { renderRouter } from '../../testing/render-route';
import LicensePage from './LicensePage';
import LoginPage from './LoginPage';
import VerifyPage from './VerifyPage';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '/license', element: <LicensePage /> },
      { path: '/sessions', element: <h1>Sessions</h1> },
      { path: '/connect-devices', element: <h1>Connect devices</h1> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
  return router;
}

const loginAnswer = (patch: Record<string, unknown> = {}) => ({
  json: {
    token: 'tok',
    user_id: 'id-ann',
    username: 'ann',
    institutional_use: 'research_at_academic',
    license_start_date: '2026-01-01',
    license_end_date: '2099-01-31',
    otp_challenge_sent: true,
    unit: 'metric',
    ...patch,
  },
});

describe('Login, Verify and License pages (SPEC §4, §5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    authStore.reload();
  });

  it('requires both fields and disables Login after a failed submit attempt', async () => {
    const api = stubApi({});
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username or email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
  });

  it('clears the password and shows the reason when the login fails', async () => {
    stubApi({
      'POST /api/login/': () => ({
        status: 400,
        json: { message: 'Unable to log in with the provided credentials.' },
      }),
    });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText(/^Username or email/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to log in with the provided credentials.',
    );
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('goes to Verify, which re-asks the code on load; a right code with remember stores the device', async () => {
    const api = stubApi({
      'POST /api/login/': () => loginAnswer(),
      'POST /api/reset-otp-challenge/': () => ({ json: { otp_challenge_sent: false, otp_verified: false } }),
      'POST /api/verify/': (body) =>
        (body as { otp_token: string }).otp_token === '123456'
          ? { json: { otp_verified: true, remember_device_secret: 'device-secret' } }
          : {
              status: 400,
              json: {
                message: 'Wrong code.',
                errors: { otp_token: ['Wrong code. Check the code in the e-mail and try again.'] },
              },
            },
      'POST /api/get_user_info/': () => ({ json: ownInfo('ann') }),
      'POST /api/sessions/valid/': () => ({ json: { sessions: [], total: 0 } }),
    });
    const router = renderAt('/login');
    await userEvent.type(screen.getByLabelText(/^Username or email/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a password of 20+ chars');
    await userEvent.click(screen.getByLabelText('Remember this device for 90 days'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    await waitFor(() => expect(api.calls.map((c) => c.key)).toContain('POST /api/reset-otp-challenge/'));
    expect(authStore.get()).toMatchObject({ token: 'tok', verified: false, username: 'ann' });

    await userEvent.type(screen.getByLabelText(/^Code/), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Wrong code. Check the code in the e-mail and try again.'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Code/));
    await userEvent.type(screen.getByLabelText(/^Code/), ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions'));
    const verify = api.calls.filter((c) => c.key === 'POST /api/verify/').pop();
    expect(verify?.body).toEqual({ otp_token: '123456', remember_device: true });
    expect(authStore.get()).toMatchObject({ verified: true, deviceSecret: 'device-secret' });
    expect(authStore.get().rememberDeviceAt).toBeGreaterThan(Date.now() - 10_000);
  });

  it('skips Verify on a remembered device whose code check is already verified', async () => {
    authStore.update({ deviceSecret: 'device-secret', rememberDeviceAt: Date.now() - 86_400_000 });
    const api = stubApi({
      'POST /api/login/': () => loginAnswer({ otp_challenge_sent: false, institutional_use: null }),
      'GET /api/check-otp-verified/': () => ({ json: { otp_verified: true } }),
      'POST /api/get_user_info/': () => ({ json: ownInfo('ann', { institutional_use: null }) }),
    });
    const router = renderAt('/login');
    expect(screen.queryByLabelText('Remember this device for 90 days')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Username or email/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a password of 20+ chars');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    // Empty intended use: License is forced.
    await waitFor(() => expect(router.state.location.pathname).toBe('/license'));
    expect(api.calls[0].body).toMatchObject({ remember_device_secret: 'device-secret' });
    expect(authStore.get().verified).toBe(true);
  });

  it('goes to Verify without re-sending when the server no longer knows the remembered device', async () => {
    authStore.update({ deviceSecret: 'old', rememberDeviceAt: Date.now() - 86_400_000 });
    const api = stubApi({
      'POST /api/login/': () => loginAnswer(),
      'GET /api/check-otp-verified/': () => ({ json: { otp_verified: false } }),
    });
    const router = renderAt('/login');
    await userEvent.type(screen.getByLabelText(/^Username or email/), 'ann');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a password of 20+ chars');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    await screen.findByLabelText(/^Code/);
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/reset-otp-challenge/');
  });

  it('goes to ConnectDevices with the error when loading the sessions after verifying fails', async () => {
    authStore.update({ token: 'tok', verified: false, username: 'ann', validUntil: Date.now() + 1e6 });
    stubApi({
      'POST /api/reset-otp-challenge/': () => ({ json: { otp_challenge_sent: false, otp_verified: false } }),
      'POST /api/verify/': () => ({ json: { otp_verified: true } }),
      'POST /api/get_user_info/': () => ({ json: ownInfo('ann') }),
      'POST /api/sessions/valid/': () => ({ status: 500, json: { message: 'Internal server error.' } }),
    });
    const router = renderAt('/verify');
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect-devices'));
    expect(await screen.findByText('Internal server error.')).toBeInTheDocument();
  });

  it('keeps License Submit disabled for not-permitted uses and saves an academic one', async () => {
    authStore.update({ token: 'tok', verified: true, username: 'ann', institutionalUse: null });
    const api = stubApi({
      'POST /api/set-institutional-use/': (body) => ({ json: body }),
    });
    const router = renderAt('/license');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Use in a company'));
    expect(screen.getByRole('status')).toHaveTextContent('a license must be purchased');
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Teaching at an academic institution'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions'));
    expect(api.calls.find((c) => c.key === 'POST /api/set-institutional-use/')?.body).toEqual({
      institutional_use: 'teaching_at_academic',
    });
    expect(authStore.get().institutionalUse).toBe('teaching_at_academic');
  });
});
