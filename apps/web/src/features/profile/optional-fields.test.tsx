import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../auth/auth-store';
import { ownInfo, stubApi } from '../../auth/fake-api';
import { i18n } from '../../i18n';
import { renderRoute } from '../../testing/render-route';
import RegisterPage from '../auth/RegisterPage';
import ProfilePage from './ProfilePage';

const OPTIONAL_ON_PROFILE = ['Institution', 'Profession', 'Reason for using PoseLab', 'Website'];

/**
 * SPEC §5: registration requires institution, profession and reason; the profile leaves them (and the website)
 * optional. Issue #29: the profile dropped the marks without saying why; it now labels them optional.
 */
describe('institution, profession and reason: required at registration, optional on the profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  it('registration marks them required', async () => {
    renderRoute('/register', '/register', <RegisterPage />);
    for (const label of ['Institution', 'Profession', 'Reason for using PoseLab']) {
      const field = await screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
      expect(field).toBeRequired();
    }
    expect(screen.getByRole('textbox', { name: 'Website (optional)' })).not.toBeRequired();
  });

  it('the profile labels them optional and saves them emptied', async () => {
    authStore.update({ token: 'tok', verified: true, username: 'ann', validUntil: Date.now() + 1e6 });
    const api = stubApi({
      'POST /api/get_user_info/': () => ({ json: ownInfo('ann') }),
      'POST /api/update_profile/': () => ({ json: ownInfo('ann') }),
    });
    renderRoute('/profile/ann/', '/profile/:username/', <ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    for (const label of OPTIONAL_ON_PROFILE) {
      const field = screen.getByRole('textbox', { name: `${label} (optional)` });
      expect(field).not.toBeRequired();
      fireEvent.change(field, { target: { value: '' } });
    }
    expect(screen.getByRole('textbox', { name: /^First name/ })).toBeRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/update_profile/')).toBe(true));
    const sent = api.calls.find((c) => c.key === 'POST /api/update_profile/')!.body;
    expect(sent).toMatchObject({ institution: '', profession: '', reason: '', website: '' });
  });

  it('says optional in German too', async () => {
    await i18n.changeLanguage('de');
    authStore.update({ token: 'tok', verified: true, username: 'ann', validUntil: Date.now() + 1e6 });
    stubApi({ 'POST /api/get_user_info/': () => ({ json: ownInfo('ann', { language: 'de' }) }) });
    renderRoute('/profile/ann/', '/profile/:username/', <ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Profil bearbeiten' }));
    for (const label of ['Einrichtung', 'Beruf', 'Nutzungsgrund', 'Website'])
      expect(screen.getByRole('textbox', { name: `${label} (optional)` })).not.toBeRequired();
  });
});
