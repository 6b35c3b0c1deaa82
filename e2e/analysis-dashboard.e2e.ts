import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { analysisFunctionSpec } from '@poselab/analysis/browser';
import { gaitResultFixture } from '@poselab/worker/report-fixtures';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { seedAnalysis } from './support/analysis-seed';
import { DESKTOP, hasChromium, launchBrowser, PHONE, screenshot } from './support/browser';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');

/** No part of the page may be wider than the viewport (390 px phones). */
async function noSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

const chartAttr = (page: Page, name: string) =>
  page
    .getByTestId('linear-chart')
    .first()
    .evaluate((el, n) => (el as HTMLElement).dataset[n] ?? '', name);

/**
 * Issue #17 acceptance 1 and 2: two processed, gait-analysed trials of one subject on the analysis dashboard
 * (3D, bars, normalised chart on and off), a comparison report made by the worker and downloaded from
 * Downloads as a PDF that names both trials and their gait speeds; then a share link that an anonymous
 * browser opens read-only until the owner renews the subject's share token.
 */
describe.skipIf(!hasChromium || !hasSeedData)('analysis dashboard, comparison report and sharing', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let seeded: SeededSession;
  let page: Page;
  let dashboardId: string;
  let speeds: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = await createVerifiedUser(server);
    seeded = seedProcessedSession(server, {
      userId: user.userId,
      subjectName: 'Anna Müller',
      trials: ['walk_1', 'walk_2'],
      videos: 0,
    });
    const [, walk1, walk2] = seeded.trials;
    dashboardId = seedAnalysis(server, {
      userId: user.userId,
      sessionId: seeded.sessionId,
      title: 'Gait analysis',
      layout: analysisFunctionSpec('gait')!.layout,
      results: [
        { trialId: walk1.id, result: gaitResultFixture({ speed: 1.31, seed: 0 }) },
        { trialId: walk2.id, result: gaitResultFixture({ speed: 0.97, seed: 1 }) },
      ],
    }).dashboardId;
    page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await loginInBrowser(page, server, user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the session list lists the dashboard by title in its Dashboards menu', async () => {
    await page.goto(`${server.url}/sessions`);
    await page.getByRole('button', { name: /Dashboards/ }).click();
    await page.getByRole('menuitem', { name: 'Gait analysis' }).click();
    await page.waitForURL(new RegExp(`/analysis-dashboard/${dashboardId}/`));
  });

  it('shows both trials: 3D, metric bars and the normalised chart, Normalized on and off', async () => {
    const [, walk1, walk2] = seeded.trials;
    await page.goto(`${server.url}/analysis-dashboard/${dashboardId}/?trialId=${walk1.id},${walk2.id}`);
    await page.getByRole('heading', { name: 'Gait analysis' }).waitFor();
    const speedBlock = page.locator('[data-metric="gait_speed"]');
    await expect
      .poll(() => speedBlock.getByTestId('metric-value').allTextContents(), { timeout: 30_000 })
      .toEqual(['1.31', '0.97']);
    speeds = await speedBlock.getByTestId('metric-value').allTextContents();
    await expect
      .poll(() => page.getByTestId('visualizer').getAttribute('data-trials'), { timeout: 30_000 })
      .toBe('2');
    await expect.poll(() => chartAttr(page, 'series')).toBe('walk_1|walk_2');
    expect(await chartAttr(page, 'mode')).toBe('normalized');
    expect(await chartAttr(page, 'bands')).toBe('2');
    expect(await chartAttr(page, 'xMax')).toBe('100');
    // The URL says what is shown.
    const url = new URL(page.url());
    expect(url.searchParams.get('trialId')).toBe(`${walk1.id},${walk2.id}`);
    expect(url.searchParams.get('config')).toBeTruthy();
    expect(url.searchParams.get('shareToken')).toBeNull();
    await screenshot(page, 'analysis-dashboard-desktop');
    await page.getByRole('switch', { name: 'Normalized' }).first().click();
    await expect.poll(() => chartAttr(page, 'mode')).toBe('time');
    expect(Number(await chartAttr(page, 'xMax'))).toBeGreaterThan(4);
    await page.getByRole('switch', { name: 'Normalized' }).first().click();
    await expect.poll(() => chartAttr(page, 'mode')).toBe('normalized');
    // A trial chosen in selector 1 is disabled in selector 2.
    await page.getByRole('combobox', { name: 'Trial 2', exact: true }).click();
    expect(await page.getByRole('option', { name: 'walk_1' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('creates a comparison report that reaches successfull and Downloads links to its PDF', async () => {
    await page.getByRole('button', { name: 'Create comparison report' }).click();
    await page.getByTestId('report-ready').waitFor({ timeout: 90_000 });
    await page.goto(`${server.url}/downloads`);
    const link = page.getByRole('link', { name: 'Download' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const dir = mkdtempSync(join(tmpdir(), 'poselab-e2e-report-'));
    const pdf = join(dir, 'report.pdf');
    await download.saveAs(pdf);
    expect(download.suggestedFilename()).toMatch(/^gait-report-.*\.pdf$/);
    await screenshot(page, 'downloads-desktop');
    if (!hasPoppler) return;
    execFileSync('pdftoppm', ['-r', '50', '-png', pdf, join(dir, 'page')]);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const s of ['walk_1', 'walk_2', ...speeds, 'Anna Müller']) expect(text).toContain(s);
  });

  it('works at 390 px: dashboard and Downloads without sideways scrolling', async () => {
    const [, walk1, walk2] = seeded.trials;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/analysis-dashboard/${dashboardId}/?trialId=${walk1.id},${walk2.id}`);
    await page.locator('[data-metric="gait_speed"]').waitFor({ timeout: 30_000 });
    await noSidewaysScroll(page);
    await screenshot(page, 'analysis-dashboard-phone');
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect.poll(() => page.locator('#dashboard-data-menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.goto(`${server.url}/downloads`);
    await page.getByRole('link', { name: 'Download' }).waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'downloads-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('an anonymous browser opens the private share link read-only; after the token is renewed it shows nothing', async () => {
    const [, walk1, walk2] = seeded.trials;
    await page.goto(`${server.url}/analysis-dashboard/${dashboardId}/?trialId=${walk1.id},${walk2.id}`);
    await page.getByRole('button', { name: 'Share analysis publicly' }).click();
    const dialog = page.getByRole('dialog');
    // The session is private: publishing needs public sessions.
    await dialog.getByRole('button', { name: 'Make sessions public' }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Facebook' }).getAttribute('aria-disabled')).toBe('true');
    const shared = await dialog.getByLabel('Private link').inputValue();
    expect(shared).toContain('shareToken=');
    await screenshot(page, 'share-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const visitor: BrowserContext = await browser.newContext({ viewport: PHONE });
    const anon = await visitor.newPage();
    await anon.goto(shared);
    await expect
      .poll(() => anon.locator('[data-metric="gait_speed"]').getByTestId('metric-value').allTextContents(), {
        timeout: 30_000,
      })
      .toEqual(speeds);
    expect(await anon.getByRole('button', { name: 'Create comparison report' }).count()).toBe(0);
    expect(await anon.getByRole('button', { name: 'Share analysis publicly' }).count()).toBe(0);
    expect(await anon.getByRole('button', { name: 'Back to session list' }).count()).toBe(0);
    // Logged-out viewers adding a selector reuse the first selector's subject and session.
    await anon.getByRole('button', { name: 'Add trial' }).click();
    expect(await anon.getByRole('combobox', { name: 'Session 3', exact: true }).textContent()).toContain(
      'seeded_session',
    );
    await screenshot(anon, 'analysis-dashboard-shared-phone');

    // The owner renews the subject's share token on the Subjects page.
    await page.goto(`${server.url}/subjects`);
    await page.getByRole('button', { name: /Actions for subject Anna Müller/ }).click();
    await page.getByRole('menuitem', { name: 'Share token' }).click();
    const tokenDialog = page.getByRole('dialog');
    const oldToken = await tokenDialog.getByTestId('share-token').inputValue();
    expect(oldToken).toMatch(/^[0-9a-f-]{32,}$/);
    await tokenDialog.getByRole('button', { name: 'Renew token' }).click();
    await tokenDialog.getByRole('alert').getByRole('button', { name: 'Renew token' }).click();
    await expect.poll(() => tokenDialog.getByTestId('share-token').inputValue()).not.toBe(oldToken);
    await screenshot(page, 'subject-share-token');

    await anon.reload();
    await anon.getByText('This analysis dashboard does not exist').waitFor({ timeout: 30_000 });
    expect(await anon.locator('[data-metric]').count()).toBe(0);
    expect(await anon.getByText('walk_1').count()).toBe(0);
    expect(await anon.getByText('Anna Müller').count()).toBe(0);
    const api = await anon.evaluate(async (u) => {
      const q = new URL(u).searchParams;
      const config = JSON.parse(atob(q.get('config')!)) as Array<{ subjectId: string; shareToken: string }>;
      const grant = `subject_id=${config[0].subjectId}&share_token=${config[0].shareToken}`;
      const id = new URL(u).pathname.split('/')[2];
      const a = await fetch(`/api/analysis-dashboards/${id}/?${grant}`);
      const b = await fetch(`/api/analysis-dashboards/${id}/data/?${grant}`);
      return [a.status, b.status];
    }, shared);
    expect(api).toEqual([404, 404]);
    await screenshot(anon, 'analysis-dashboard-revoked-phone');
    await visitor.close();
  });
});
