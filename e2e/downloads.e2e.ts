/**
 * Acceptance 5 of the downloads issue: Session menu → Download data → (which videos, issue #27) → the archive is
 * made by the server's embedded worker and arrives in the browser's downloads by itself; the zip is whole and in
 * OpenCap's layout. Also the trial menu's 'Download .mot / .trc', at 1280 and 390 px, and the videos choice by
 * keyboard at 390 px.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readZip } from '../apps/server/src/test/zip-reader';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { artifactsDir, DESKTOP, hasChromium, launchBrowser, PHONE, screenshot } from './support/browser';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!hasChromium || !hasSeedData)('data downloads in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let seeded: SeededSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = await createVerifiedUser(server);
    seeded = seedProcessedSession(server, { userId: user.userId, trials: ['walk'], videos: 2 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function sessionPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    await loginInBrowser(page, server, user);
    await page.goto(`${server.url}/session/${seeded.sessionId}`);
    await page.getByRole('heading', { name: 'seeded_session' }).waitFor();
    return page;
  }

  /** The first two on-ready polls answer 'running, 40 %' so the progress can be seen (the archive is small). */
  async function holdProgress(page: Page) {
    let held = 0;
    await page.route('**/on-ready/', async (route) => {
      if (held++ >= 2) return route.continue();
      await route.fulfill({
        status: 202,
        contentType: 'application/json',
        body: JSON.stringify({ state: 'running', percent: 40, message: 'Adding files (4 of 10)' }),
      });
    });
  }

  it('Session menu → Download data: the archive arrives in the downloads, whole', async () => {
    const page = await sessionPage(DESKTOP);
    await holdProgress(page);
    await page.getByRole('button', { name: 'Session menu' }).click();
    await page.getByRole('menuitem', { name: 'Download data', exact: true }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'downloads-session-menu-desktop');
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('menuitem', { name: 'Download data', exact: true }).click();
    // Which videos (issue #27): the originals unless chosen otherwise.
    const choice = page.getByRole('dialog', { name: 'Download data' });
    await expect(choice.getByRole('radio', { name: 'Original' }).isChecked()).resolves.toBe(true);
    await page.waitForTimeout(300); // the dialog's fade-in
    await screenshot(page, 'downloads-choice-desktop');
    const asked = page.waitForRequest((r) => r.url().includes('/async-download/'));
    await choice.getByRole('button', { name: 'Download' }).click();
    expect(new URL((await asked).url()).searchParams.get('videos')).toBe('original');
    await page.getByRole('dialog', { name: 'Preparing your download' }).waitFor();
    await page.getByText('Adding files: 40 %').waitFor();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.waitForTimeout(300); // the dialog's fade-in
    await screenshot(page, 'downloads-progress-desktop');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`OpenCapData_${seeded.sessionId}.zip`);
    const file = join(artifactsDir, download.suggestedFilename());
    await download.saveAs(file);
    await page.getByText(`Your download of OpenCapData_${seeded.sessionId}.zip has started.`).waitFor();
    await screenshot(page, 'downloads-ready-desktop');

    const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    if (!test.error) expect(test.status, test.stdout + test.stderr).toBe(0);
    const names = (await readZip(readFileSync(file))).map((e) => e.name);
    const base = `OpenCapData_${seeded.sessionId}/`;
    // The seeded session has no paired phones or calibration: its files without cameras are all there is.
    for (const n of ['README.txt', 'sessionMetadata.yaml', 'OpenSimData/Kinematics/walk.mot', 'MarkerData/'])
      expect(names).toContain(base + n);
    await page.context().close();
  });

  it('the trial menu downloads the trial’s .mot at 390 px', async () => {
    const page = await sessionPage(PHONE);
    await page.getByRole('button', { name: 'Trial menu walk' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download .mot / .trc' }).waitFor();
    await page.waitForTimeout(300); // the menu's grow-in
    await screenshot(page, 'downloads-trial-menu-phone');
    await page.getByRole('menuitem', { name: 'Download .mot / .trc' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('walk.mot');
    // The page fits the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await holdProgress(page);
    await page.getByRole('button', { name: 'Session menu' }).click();
    const second = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('menuitem', { name: 'Download data', exact: true }).click();
    // The videos choice by keyboard, and it fits the phone: the dialog takes the focus, Tab reaches the
    // checked radio, the arrows move the choice, Tab goes on to Download.
    const choice = page.getByRole('dialog', { name: 'Download data' });
    await choice.waitFor();
    await page.waitForTimeout(300);
    const box = (await choice.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'downloads-choice-phone');
    await page.keyboard.press('Tab');
    await expect(
      choice.getByRole('radio', { name: 'Original' }).evaluate((e) => e === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(choice.getByRole('radio', { name: 'None' }).isChecked()).resolves.toBe(true);
    const downloadButton = choice.getByRole('button', { name: 'Download' });
    for (let i = 0; i < 4 && !(await downloadButton.evaluate((e) => e === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    const asked = page.waitForRequest((r) => r.url().includes('/async-download/'));
    await page.keyboard.press('Enter');
    expect(new URL((await asked).url()).searchParams.get('videos')).toBe('none');
    await page.getByText('Adding files: 40 %').waitFor();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    await screenshot(page, 'downloads-progress-phone');
    await second;
    await page.getByText(/has started/).waitFor();
    await screenshot(page, 'downloads-ready-phone');
    await page.context().close();
  });
});
