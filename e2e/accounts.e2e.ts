import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createVerifiedUser, latestCode, loginInBrowser, mailCount, waitForMail } from './support/accounts';
import {
  loginViaForm,
  path,
  shoot,
  snapshotWebDist,
  waitForPath,
  waitForSessionList,
} from './support/accounts-ui';
import { DESKTOP, hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!hasChromium)('accounts in the browser: sign-up, login, code, license, reset', () => {
  let server: RunningServer;
  let browser: Browser;
  let web: { dir: string; remove: () => void } | undefined;
  beforeAll(async () => {
    web = await snapshotWebDist();
    server = await startServer({ WEB_DIST: web.dir, SUPPORT_EMAIL: 'help@lab.example.org' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    web?.remove();
  });

  it('loginInBrowser signs a verified user in: the session list opens without Login', async () => {
    const user = await createVerifiedUser(server);
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server, user);
    await page.goto(`${server.url}/subjects`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(path(page)).toBe('/subjects');
    await page.close();
  });

  it("serves the profile menu's Documentation, FAQ, Terms and Privacy pages", async () => {
    for (const name of ['documentation', 'faq', 'terms', 'privacy']) {
      const res = await fetch(`${server.url}/docs/${name}.html`);
      expect(res.status, name).toBe(200);
      expect(await res.text()).toContain('PoseLab');
    }
  });

  it('register → code from the outbox → verify → License → sessions; then a remembered device skips the code', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await shoot(page, 'login');
    await page.getByRole('link', { name: 'Sign up for a 30-day free trial' }).click();
    await page.getByRole('heading', { name: 'Register for a 30-day free trial' }).waitFor();
    // Submitting the empty form shows SPEC §5 messages and disables Register until fixed.
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Username is required.').waitFor();
    await page.getByText('You must accept the privacy policy.').waitFor();
    expect(await page.getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true);
    await shoot(page, 'register-errors');

    const username = `reg${Date.now().toString(36)}`;
    const email = `${username}@example.org`;
    const password = 'twenty characters or more!';
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByLabel(/^First name/).fill('Grace');
    await page.getByLabel(/^Last name/).fill('Hopper');
    await page.getByLabel(/^Password \(20\+ characters\)/).fill('too short');
    await page.getByText('Password must be at least 20 characters.').waitFor();
    await page.getByLabel(/^Password \(20\+ characters\)/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByLabel(/^Institution/).fill('Navy Research Lab');
    await page.getByLabel(/^Profession/).fill('Researcher');
    await page.getByLabel(/^Reason for using PoseLab/).fill('Gait studies');
    expect(await page.getByLabel('Country').inputValue()).toBe('US');
    expect(await page.getByLabel('Send me the PoseLab newsletter').isChecked()).toBe(true);
    await page.getByLabel(/I have read and accept the/).check();
    await page.getByLabel(/I accept the/).check();
    await shoot(page, 'register-filled');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('New user successfully created').waitFor();
    await waitForPath(page, '/login');

    await loginViaForm(page, server, username, password, true);
    await waitForPath(page, '/verify');
    const code = await latestCode(server, email);
    await page.getByText(/6-digit code/).waitFor();
    await shoot(page, 'verify');
    await page.getByLabel(/^Code/).fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Wrong code. Check the code in the e-mail and try again.').waitFor();
    // The Verify page's re-send on load kept the code just mailed: still exactly one code mail.
    expect(await mailCount(server, email)).toBe(1);
    await page.getByLabel(/^Code/).fill(` ${code} `);
    await page.getByRole('button', { name: 'Verify' }).click();

    await waitForPath(page, '/license');
    await page.getByRole('heading', { name: 'Intended use' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Patient care (clinical use)').check();
    await page.getByText(/a license must be purchased/).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shoot(page, 'license-not-permitted');
    await page.getByLabel('Research at an academic institution').check();
    expect(await page.getByText(/a license must be purchased/).count()).toBe(0);
    await submit.click();
    await waitForSessionList(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('poselab.auth') ?? '{}'));
    expect(stored).toMatchObject({ verified: true, username, institutionalUse: 'research_at_academic' });
    expect(stored.deviceSecret).toBeTruthy();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(`Signed in as ${username}`).waitFor();
    for (const entry of [
      'Your Profile',
      'Your Sessions',
      'Documentation',
      'FAQ',
      'Terms and Conditions',
      'Data Privacy and Security',
      'Bug Report',
      'Logout',
    ]) {
      await page.getByRole('menuitem', { name: entry }).waitFor();
    }
    // Bug Report writes to the server's SUPPORT_EMAIL.
    expect(await page.getByRole('menuitem', { name: 'Bug Report' }).getAttribute('href')).toMatch(
      /^mailto:help@lab\.example\.org\?subject=/,
    );
    await shoot(page, 'profile-menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    const afterLogout = await page.evaluate(() => JSON.parse(localStorage.getItem('poselab.auth') ?? '{}'));
    expect(afterLogout.token).toBeNull();
    // A remembered device hides the checkbox and skips the code.
    expect(await page.getByLabel('Remember this device for 90 days').count()).toBe(0);
    const mailsBefore = await mailCount(server, email);
    await loginViaForm(page, server, email, password);
    await waitForSessionList(page);
    expect(await mailCount(server, email)).toBe(mailsBefore);
    await context.close();
  });

  it('resets a forgotten password end to end; the link works once', async () => {
    const user = await createVerifiedUser(server);
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your username or password?' }).click();
    await waitForPath(page, '/reset-password');
    await page.getByLabel(/^E-mail/).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await page.getByLabel(/^E-mail/).fill(user.email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText(/^If an account with this e-mail exists/).waitFor();
    expect(await page.getByText('Password recovery email sent.').count()).toBe(0);
    await shoot(page, 'reset-password');
    const link = (await waitForMail(server, user.email, /(http:\/\/\S+\/new-password\/[A-Za-z0-9_-]+)/))[1];
    expect(link.startsWith(server.url)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = 'my new password is long enough';
    await page.getByLabel(/^Password \(20\+ characters\)/).fill(newPassword);
    await page.getByLabel(/^Confirm password/).fill('something else entirely, twenty+');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByRole('button', { name: 'Show password' }).click();
    await shoot(page, 'new-password');
    await page.getByLabel(/^Confirm password/).fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Password changed successfully.').waitFor();
    await waitForPath(page, '/login');

    const before = await mailCount(server, user.email);
    await loginViaForm(page, server, user.username, newPassword);
    await waitForPath(page, '/verify');
    await page.getByLabel(/^Code/).fill(await latestCode(server, user.email, before));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForSessionList(page);

    await page.goto(link);
    await page.getByLabel(/^Password \(20\+ characters\)/).fill('another long password, twenty+');
    await page.getByLabel(/^Confirm password/).fill('another long password, twenty+');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/This password reset link is invalid, expired or already used/).waitFor();
    await page.close();
  });

  it('forces logout when the stored login has expired or its token was revoked', async () => {
    const user = await createVerifiedUser(server);
    const page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server, user, { validUntil: Date.now() - 1000 });
    await page.goto(`${server.url}/subjects`);
    await waitForPath(page, '/login');
    expect(
      (await page.evaluate(() => JSON.parse(localStorage.getItem('poselab.auth') ?? '{}'))).token,
    ).toBeNull();

    await fetch(`${server.url}/api/logout/`, {
      method: 'POST',
      headers: { authorization: `Token ${user.token}` },
    });
    await loginInBrowser(page, server, user);
    await page.goto(`${server.url}/sessions`);
    await page.getByText('Error retrieving user info.').waitFor();
    await waitForPath(page, '/login');
    await page.close();
  });
});

describe('login code over real SMTP', () => {
  it('a real SMTP server receives the code mail, and the code verifies', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    const server = await startServer({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_SECURE: 'false',
    });
    try {
      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${server.url}/api${p}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Token ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const reg = await post('/register/', {
        username: 'smtp_user',
        email: 'smtp@example.org',
        password: 'a password of twenty chars',
        first_name: 'S',
        last_name: 'M',
        institution: 'I',
        profession: 'P',
        reason: 'R',
        privacy_policy: true,
        licensing_agreement: true,
      });
      expect(reg.status).toBe(200);
      const login = (await (
        await post('/login/', { username: 'smtp_user', password: 'a password of twenty chars' })
      ).json()) as { token: string };
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: smtp@example\.org/m);
      const code = /PoseLab login code: (\d{6})/.exec(received[0])?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verify = await post('/verify/', { otp_token: code }, login.token);
      expect(verify.status).toBe(200);
    } finally {
      await server.stop();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});
