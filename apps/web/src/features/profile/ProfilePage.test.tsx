import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../auth/auth-store';
import { ownInfo, stubApi } from '../../auth/fake-api';
import { renderRouter } from '../../testing/render-route';
import ProfilePage from './ProfilePage';

function renderProfile(username: string) {
  const router = createMemoryRouter([{ path: '/profile/:username/', element: <ProfilePage /> }], {
    initialEntries: [`/profile/${username}/`],
  });
  renderRouter(router);
}

describe('ProfilePage (SPEC §2 Profile)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.reload();
  });

  it('says a missing user does not exist', async () => {
    stubApi({
      'POST /api/get_user_info/': () => ({
        status: 404,
        json: { message: 'The user "ghost" does not exist.' },
      }),
    });
    renderProfile('ghost');
    expect(await screen.findByRole('alert')).toHaveTextContent('The user "ghost" does not exist.');
  });

  const otherProfile = (public_email: string | null, website = 'bob.example.org') => {
    const { is_own: _own, ...rest } = ownInfo('bob');
    return {
      username: rest.username,
      first_name: 'Bob',
      last_name: 'Stone',
      institution: rest.institution,
      profession: rest.profession,
      website,
      country: 'DE',
      profile_picture: rest.profile_picture,
      unit: 'metric',
      is_own: false,
      public_email,
    };
  };

  it("shows another user's profile read-only with a Contact link to the e-mail they chose to show", async () => {
    stubApi({ 'POST /api/get_user_info/': () => ({ json: otherProfile('bob@example.org') }) });
    renderProfile('bob');
    expect(await screen.findByText('Bob Stone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:bob@example\.org\?subject=/),
    );
    expect(screen.getByRole('link', { name: 'bob.example.org' })).toHaveAttribute(
      'href',
      'https://bob.example.org/',
    );
    expect(screen.getByText('Germany')).toBeInTheDocument();
    for (const name of ['Edit profile', 'Settings', 'Change image', 'Change logo']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('never makes a stored javascript: website a link (issue #29)', async () => {
    stubApi({ 'POST /api/get_user_info/': () => ({ json: otherProfile(null, 'javascript:alert(1)') }) });
    renderProfile('bob');
    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href*="javascript"]')).toBeNull();
  });

  it('hides Contact when the user did not choose to show their e-mail', async () => {
    stubApi({ 'POST /api/get_user_info/': () => ({ json: otherProfile(null) }) });
    renderProfile('bob');
    expect(await screen.findByText('Bob Stone')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('shows the edit, settings, image and logo buttons on one own profile', async () => {
    authStore.update({ token: 'tok', verified: true, username: 'ann', validUntil: Date.now() + 1e6 });
    stubApi({ 'POST /api/get_user_info/': () => ({ json: ownInfo('ann') }) });
    renderProfile('ann');
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    for (const name of ['Edit profile', 'Settings', 'Change image', 'Change logo']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('ann@example.org')).toBeInTheDocument();
  });
});
