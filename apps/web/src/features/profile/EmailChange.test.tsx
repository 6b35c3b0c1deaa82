import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../auth/auth-store';
import { ownInfo, stubApi } from '../../auth/fake-api';
import { renderRoute } from '../../testing/render-route';
import ConfirmEmailPage from './ConfirmEmailPage';
import ProfilePage from './ProfilePage';

describe('changing the e-mail address (issue #19)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  it('asks for the current password only for a new address and shows the pending change', async () => {
    authStore.update({ token: 'tok', verified: true, username: 'ann', validUntil: Date.now() + 1e6 });
    let pending: string | null = null;
    const api = stubApi({
      'POST /api/get_user_info/': () => ({ json: ownInfo('ann', { pending_email: pending }) }),
      'POST /api/update_profile/': (body) => {
        pending = (body as { email: string }).email;
        return { json: ownInfo('ann', { pending_email: pending }) };
      },
    });
    renderRoute('/profile/ann/', '/profile/:username/', <ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ann.new@example.org' } });
    const password = await screen.findByLabelText(/^Current password/);
    expect(screen.getByText(/A confirmation link goes to the new address/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter your current password to change the e-mail address.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/update_profile/')).toBe(false);
    fireEvent.change(password, { target: { value: 'my current password!!' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/update_profile/')).toBe(true));
    const sent = api.calls.find((c) => c.key === 'POST /api/update_profile/')!.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({ email: 'ann.new@example.org', current_password: 'my current password!!' });
    expect(await screen.findByText(/Waiting for confirmation of ann\.new@example\.org/)).toBeInTheDocument();
  });

  it('sends no password when the address stays', async () => {
    authStore.update({ token: 'tok', verified: true, username: 'ann', validUntil: Date.now() + 1e6 });
    const api = stubApi({
      'POST /api/get_user_info/': () => ({ json: ownInfo('ann') }),
      'POST /api/update_profile/': () => ({ json: ownInfo('ann') }),
    });
    renderRoute('/profile/ann/', '/profile/:username/', <ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/update_profile/')).toBe(true));
    const sent = api.calls.find((c) => c.key === 'POST /api/update_profile/')!.body as Record<
      string,
      unknown
    >;
    expect(sent).not.toHaveProperty('current_password');
  });

  it('confirms the link with a click, and says when a link no longer works', async () => {
    const api = stubApi({
      'POST /api/confirm-email-change/': (body) =>
        (body as { token: string }).token === 'good'
          ? { json: { message: 'ok', email: 'ann.new@example.org' } }
          : { status: 400, json: { message: 'invalid' } },
    });
    renderRoute('/confirm-email/good', '/confirm-email/:token', <ConfirmEmailPage />);
    // Nothing happens on opening the link alone (mail scanners open links).
    expect(api.calls).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm new e-mail address' }));
    expect(await screen.findByText('Your e-mail address is now ann.new@example.org.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it('explains an expired or used link', async () => {
    stubApi({ 'POST /api/confirm-email-change/': () => ({ status: 400, json: { message: 'invalid' } }) });
    renderRoute('/confirm-email/old', '/confirm-email/:token', <ConfirmEmailPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm new e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid, expired or already used/);
  });
});
