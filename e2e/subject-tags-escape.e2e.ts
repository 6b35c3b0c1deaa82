import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { hasChromium, launchBrowser, PHONE, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue #29: Escape in the subject dialog's tags list closed the dialog's form instead (after a pick the list had
 * closed, so the key reached the dialog: 'Discard your changes?' with Yes focused).
 */
describe.skipIf(!hasChromium)('the subject dialog tags list and Escape', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = await createVerifiedUser(server, {});
    page = await browser.newPage({ viewport: PHONE });
    await loginInBrowser(page, server, user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Escape after picking tags closes the list and keeps the form; the discard question starts on No', async () => {
    await page.goto(`${server.url}/subjects`);
    await page.getByRole('heading', { name: 'Subjects' }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'New Subject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: false }).first().fill('Jordan');
    const tags = dialog.getByLabel(/^Subject tags/);
    await tags.click();
    await page.getByRole('option', { name: 'Unimpaired' }).click();
    await page.getByRole('option', { name: 'Stroke' }).click();
    await screenshot(page, 'subject-tags-open');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await page.getByText('Discard your changes?').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Unimpaired' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Stroke' }).count()).toBe(1);
    await expect.poll(() => tags.evaluate((el) => el === document.activeElement)).toBe(true);

    // Escape again asks; Enter answers No.
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog').filter({ hasText: 'Discard your changes?' });
    await question.waitFor();
    await expect
      .poll(() =>
        question.getByRole('button', { name: 'No' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Name', { exact: false }).first().inputValue()).toBe('Jordan');
    expect(await dialog.getByRole('button', { name: 'Stroke' }).count()).toBe(1);
  });
});
