import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, solidPng, type TestUser } from './support/accounts';
import { setUserColumn, shoot, snapshotWebDist, waitForPath } from './support/accounts-ui';
import { DESKTOP, hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { oldAppNoticeDue } from '../apps/web/src/layout/old-app-notice';

describe.skipIf(!hasChromium)('accounts in the browser: profile, account deletion, license banners', () => {
  let server: RunningServer;
  let browser: Browser;
  let web: { dir: string; remove: () => void } | undefined;
  beforeAll(async () => {
    web = await snapshotWebDist();
    server = await startServer({ WEB_DIST: web.dir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    web?.remove();
  });

  it('edits the profile, uploads a picture and a logo, and shows other and missing users', async () => {
    const user = await createVerifiedUser(server);
    const other = await createVerifiedUser(server);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await loginInBrowser(page, server, user);
    // Start on a page without redirects of its own (the session list may move on to Step1).
    await page.goto(`${server.url}/profile/${other.username}/`);
    await page.getByText(`@${other.username}`).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await waitForPath(page, `/profile/${user.username}/`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await shoot(page, 'profile-own');

    await page.getByRole('button', { name: `@${user.username}` }).click();
    await page.getByText('Profile URL copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.url}/profile/${user.username}/`,
    );

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel(/^First name/).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required.').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByLabel(/^First name/).fill('Katherine');
    await page.getByLabel('Units').click();
    await page.getByRole('option', { name: 'Imperial (lbs, in)' }).click();
    await shoot(page, 'profile-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated.').waitFor();
    await page.getByText('Katherine User').waitFor();
    await page.getByText('Imperial (lbs, in)').waitFor();
    expect((await page.evaluate(() => JSON.parse(localStorage.getItem('poselab.auth') ?? '{}'))).unit).toBe(
      'imperial',
    );

    const avatar = page.getByRole('img', { name: `Profile picture of ${user.username}` });
    const oldSrc = await avatar.getAttribute('src');
    await page.getByRole('button', { name: 'Change image' }).click();
    await page.getByRole('dialog', { name: 'Change profile picture' }).waitFor();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Only image files (PNG, JPEG, GIF or WebP) are accepted.').waitFor();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(96, 96, [200, 40, 40]) });
    await shoot(page, 'profile-change-image');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Profile picture updated.').waitFor();
    await page.waitForFunction(
      (old) => {
        const img = document.querySelector<HTMLImageElement>('main img[alt^="Profile picture of"]');
        return Boolean(img && img.getAttribute('src') !== old && img.complete && img.naturalWidth === 96);
      },
      oldSrc,
      { timeout: 10_000 },
    );
    // The menu's avatar shows the new picture too.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('header img[src*="/picture?v="]');
      return Boolean(img && !img.src.endsWith('v=default') && img.naturalWidth === 96);
    });

    await page.getByRole('button', { name: 'Change logo' }).click();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(120, 40, [20, 90, 200]) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Logo image updated.').waitFor();
    await page.locator('header img[alt="Custom logo"]').waitFor();
    await shoot(page, 'profile-with-logo');

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    await shoot(page, 'profile-settings');

    await page.goto(`${server.url}/profile/${other.username}/`);
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    // Contact shows only when the user chose to show their e-mail on their profile (issue #20).
    expect(await page.getByRole('link', { name: 'Contact' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit profile' }).count()).toBe(0);
    expect(await page.getByText(other.email).count()).toBe(0);
    await shoot(page, 'profile-other');

    await page.goto(`${server.url}/profile/ghost-user/`);
    await page.getByText('The user "ghost-user" does not exist.').waitFor();
    await shoot(page, 'profile-missing');
    await context.close();
  });

  it('deletes the account after the username is typed, then logs out', async () => {
    const user = await createVerifiedUser(server);
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server, user);
    await page.goto(`${server.url}/profile/${user.username}/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Type your username to confirm.').waitFor();
    await shoot(page, 'profile-delete');
    await dialog.getByLabel(/^Username/).fill('someone-else');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('The username you typed does not match your username.').waitFor();
    await dialog.getByLabel(/^Username/).fill(user.username);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Your account and all your data have been deleted.').waitFor();
    await waitForPath(page, '/login');
    const res = await fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(res.status).toBe(400);
    await page.close();
  });

  it('shows the license banners: notice, warning within 14 days, error when expired', async () => {
    const user: TestUser = await createVerifiedUser(server);
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server, user);
    // The profile page, because the session list of a user without sessions moves on to Step1.
    await page.goto(`${server.url}/profile/${user.username}/`);
    // The older app's notice shows only until its support ends (issue #29; LicenseBanners.test.tsx).
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    const noticeDue = oldAppNoticeDue(new Date());
    expect(await page.getByText(/Switching from an older recording app/).count()).toBe(noticeDue ? 1 : 0);
    await shoot(page, 'banner-info');

    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    setUserColumn(server, user.username, 'license_end_date', soon);
    await page.reload();
    const shown = new Date(`${soon}T12:00:00Z`).toLocaleDateString('en-US');
    await page.getByText(`Your license expires on ${shown}`, { exact: false }).waitFor();
    await shoot(page, 'banner-warning');

    setUserColumn(server, user.username, 'license_end_date', '2020-01-31');
    await page.reload();
    await page.getByText(/Your license expired on 1\/31\/2020/).waitFor();
    await shoot(page, 'banner-error');
    await page.close();
  });
});
