import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  hasChromium,
  launchBrowser,
  PHONE,
  screenshot,
  setViewportSettled,
} from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!hasChromium)('smoke: the app opens on Login', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an anonymous visitor at / lands on the Login page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'smoke-login-desktop');
    await setViewportSettled(page, PHONE);
    await screenshot(page, 'smoke-login-phone');
  });

  it('an unknown web path loads the app and routes to SelectSession, then Login', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/some/unknown/page`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('the API answers health and 404 JSON next to the web app', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const missing = await fetch(`${server.url}/api/unknown`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: expect.stringContaining('No API route') });
  });
});
