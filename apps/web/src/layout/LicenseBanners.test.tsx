import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../App';
import { authStore } from '../auth/auth-store';
import { stubApi } from '../auth/fake-api';
import { LicenseBanners } from './LicenseBanners';
import { OLD_APP_SUPPORT_ENDS } from './old-app-notice';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10);

function renderBanners(now: Date, licenseEndDate: string, supportEmail: string | null) {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  stubApi({ 'GET /api/app-info/': () => ({ json: { support_email: supportEmail, version: '1' } }) });
  authStore.update({
    token: 'tok',
    verified: true,
    username: 'ann',
    validUntil: now.getTime() + 1e9,
    licenseEndDate,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LicenseBanners />
    </QueryClientProvider>,
  );
}

/** Issue #29: the older app's notice ends with its support and can be closed; licence banners say whom to ask. */
describe('LicenseBanners', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    authStore.reload();
  });

  it('shows the older-app notice before its support ends, closable for good', async () => {
    const before = day('2026-10-01');
    renderBanners(before, plusDays(before, 60), null);
    expect(screen.getByText(/Its support ends on 11\/7\/2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/older recording app/)).not.toBeInTheDocument();
    expect(localStorage.getItem('poselab.switchingNoticeClosed')).toBe('1');
  });

  it('no longer shows it after the support ended', () => {
    const after = day(plusDays(day(OLD_APP_SUPPORT_ENDS), 1));
    renderBanners(after, plusDays(after, 60), null);
    expect(screen.queryByText(/older recording app/)).not.toBeInTheDocument();
  });

  it('names the support address, or the administrator, in the expiry warnings', async () => {
    const now = day('2026-12-01');
    renderBanners(now, plusDays(now, 5), 'help@lab.example');
    expect(await screen.findByRole('link', { name: 'help@lab.example' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:help@lab\.example\?subject=/),
    );
  });

  it('asks to turn to the administrator without a support address', async () => {
    const now = day('2026-12-01');
    renderBanners(now, '2026-11-01', null);
    expect(
      await screen.findByText(/expired on .*ask the administrator of this PoseLab server/),
    ).toBeInTheDocument();
  });
});
