import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import {
  DESKTOP,
  hasChromium,
  launchBrowser,
  PHONE,
  screenshot,
  setViewportSettled,
} from './support/browser';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

const chartAttr = (page: Page, name: string) =>
  page.getByTestId('kinematics-chart').evaluate((el, n) => (el as HTMLElement).dataset[n] ?? '', name);

describe.skipIf(!hasChromium || !hasSeedData)('chart page (Kinematics dashboard)', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let seeded: SeededSession;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = await createVerifiedUser(server);
    seeded = seedProcessedSession(server, { userId: user.userId, trials: ['walk', 'jump'], videos: 0 });
    page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await loginInBrowser(page, server, user);
    await page.goto(`${server.url}/dashboard/${seeded.sessionId}`);
    await page.getByRole('heading', { name: 'Kinematics dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plots knee_angle_r against time for two trials with an offset', async () => {
    await expect.poll(() => chartAttr(page, 'series'), { timeout: 30_000 }).toBe('walk · knee_angle_r');
    const xMaxOne = Number(await chartAttr(page, 'xMax'));
    await page.getByRole('button', { name: 'Add trial' }).click();
    await page.getByRole('combobox', { name: 'Trial 2', exact: true }).click();
    await page.getByRole('option', { name: 'jump' }).click();
    await expect.poll(() => chartAttr(page, 'series')).toBe('walk · knee_angle_r|jump · knee_angle_r');
    const offset = page.getByLabel('Offset 2 (s)');
    await offset.fill('');
    await page.getByText('Must be a number').waitFor();
    await offset.fill('0.5');
    await expect.poll(async () => Number(await chartAttr(page, 'xMax'))).toBeGreaterThanOrEqual(1.99 + 0.5);
    expect(xMaxOne).toBeLessThan(2.49);
    // 'walk' is taken by selector 1, so selector 2 cannot pick it.
    await page.getByRole('combobox', { name: 'Trial 2', exact: true }).click();
    expect(await page.getByRole('option', { name: 'walk' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await screenshot(page, 'chart-two-trials-desktop');
  });

  it('Download Chart saves a valid PNG', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Chart' }).click(),
    ]);
    const file = await download.path();
    const png = readFileSync(file);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeGreaterThan(300);
    expect(height).toBeGreaterThan(200);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
  });

  it('zooms by dragging a box and Reset Zoom restores the view', async () => {
    const before = [Number(await chartAttr(page, 'xMin')), Number(await chartAttr(page, 'xMax'))];
    const box = (await page.getByTestId('kinematics-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.8, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => chartAttr(page, 'zoomed')).toBe('true');
    const zoomed = [Number(await chartAttr(page, 'xMin')), Number(await chartAttr(page, 'xMax'))];
    expect(zoomed[1] - zoomed[0]).toBeLessThan((before[1] - before[0]) * 0.5);
    await screenshot(page, 'chart-zoomed');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('button', { name: 'Reset Zoom' }).click();
    await expect.poll(() => chartAttr(page, 'zoomed')).toBe('false');
    expect([Number(await chartAttr(page, 'xMin')), Number(await chartAttr(page, 'xMax'))]).toEqual(before);
    await page.keyboard.press('Escape');
  });

  it('options: line width, point size and style defaults, title and colour scales', async () => {
    await page.getByRole('button', { name: 'Options' }).click();
    expect(await page.getByLabel('Line width').inputValue()).toBe('5');
    expect(await page.getByLabel('Point size').inputValue()).toBe('12');
    await page.getByLabel('Colour scale').click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Viridis',
      'Hot',
      'Yellow-Blue',
      'Yellow-Green',
      'Grays',
      'Blues',
    ]);
    await page.getByRole('option', { name: 'Hot' }).click();
    await page.getByLabel('Point style').click();
    expect(await page.getByRole('option').count()).toBe(11);
    await page.keyboard.press('Escape');
    await page.getByLabel('Title', { exact: true }).fill('Knee flexion');
    await page.keyboard.press('Escape');
    await setViewportSettled(page, PHONE);
    await screenshot(page, 'chart-phone');
    await setViewportSettled(page, DESKTOP);
  });

  it('Go to Visualizer opens the session', async () => {
    await page.getByRole('button', { name: 'Go to Visualizer' }).click();
    await page.waitForURL(new RegExp(`/session/${seeded.sessionId}$`));
  });

  it('a visitor sees the chart of a public session, without Back to session list', async () => {
    const shared = seedProcessedSession(server, {
      userId: user.userId,
      trials: ['squat'],
      videos: 0,
      public: true,
    });
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`${server.url}/dashboard/${shared.sessionId}`);
    await expect.poll(() => chartAttr(visitor, 'series'), { timeout: 30_000 }).toBe('squat · knee_angle_r');
    expect(await visitor.getByRole('button', { name: 'Back to session list' }).count()).toBe(0);
    await visitor.getByRole('button', { name: 'Add trial' }).click();
    // Logged-out viewers adding a selector reuse the first selector's subject and session (SPEC §4).
    expect(await visitor.getByLabel('Session 2', { exact: true }).textContent()).toContain('seeded_session');
    await visitor.close();
  });
});
