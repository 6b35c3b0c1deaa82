import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { authStore } from '../../auth/auth-store';
import { stubApi } from '../../auth/fake-api';
import { renderRouter } from '../../testing/render-route';
import ResetPasswordPage from './ResetPasswordPage';
import VerifyPage from './VerifyPage';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/verify', element: <VerifyPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
  return router;
}

/** Issue #29: Verify sends the code again and refuses what cannot be a code; Reset says one thing. */
describe('Verify and Reset password', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reload();
  });

  it('refuses a code that is not 6 digits without spending a try, and sends the code again on request', async () => {
    authStore.update({ token: 'tok', verified: false, username: 'ann', validUntil: Date.now() + 1e6 });
    let sent = 0;
    const api = stubApi({
      'POST /api/reset-otp-challenge/': () => ({
        json: { otp_challenge_sent: ++sent !== 2, otp_verified: false },
      }),
      'POST /api/verify/': () => ({
        status: 400,
        json: { message: M.codeWrong, errors: { otp_token: [M.codeWrong] } },
      }),
    });
    renderAt('/verify');
    await waitFor(() => expect(sent).toBe(1));
    await userEvent.type(screen.getByLabelText(/^Code/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.codeFormat)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'POST /api/verify/')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText(/still valid/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(
      await screen.findByText('A new code is on its way. It is valid for 10 minutes.'),
    ).toBeInTheDocument();
    expect(sent).toBe(3);
  });

  it('shows the one answer of a password reset, not also a toast that a mail was sent', async () => {
    stubApi({ 'POST /api/reset-password/': () => ({ json: { message: M.recoveryEmailAnswer } }) });
    renderAt('/reset-password');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'nobody@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText(M.recoveryEmailAnswer)).toBeInTheDocument();
    expect(screen.queryByText(M.recoveryEmailSent)).not.toBeInTheDocument();
  });
});
