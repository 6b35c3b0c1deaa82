import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { DESKTOP, hasChromium, launchBrowser, PHONE, screenshot } from './support/browser';
import { dialogActions, openRoute, outsideViewport, sidewaysOverflow, specRoutes } from './support/routes';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

/** Issue #20: every route of SPEC §2 fits a 390 × 844 phone, and dialogs keep their actions in view. */
describe.skipIf(!hasChromium || !hasSeedData)('every page on a 390 × 844 phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: TestUser;
  let seeded: SeededSession;
  let shared: SeededSession;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']);
    owner = await createVerifiedUser(server, { username: 'phone_owner' });
    seeded = seedProcessedSession(server, {
      userId: owner.userId,
      sessionName: 'a_rather_long_session_name_for_a_phone',
      subjectName: 'Subject with a long name',
      trials: ['walk', 'jump'],
      videos: 2,
    });
    shared = seedProcessedSession(server, { userId: owner.userId, sessionName: 'public_one', public: true });
    // A trashed trial puts its session in the Recycle Bin.
    const jump = seeded.trials.find((t) => t.name === 'jump')!;
    const res = await fetch(`${server.url}/api/trials/${jump.id}/trash/`, {
      method: 'POST',
      headers: { authorization: `Token ${owner.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    await loginInBrowser(page, server, owner, { currentSessionId: seeded.sessionId });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const routes = () =>
    specRoutes({ sessionId: seeded.sessionId, publicSessionId: shared.sessionId, username: owner.username });

  it('no route scrolls sideways for the owner (screenshots in e2e/.artifacts/phone-owner-*.png)', async () => {
    const overflow: Record<string, number> = {};
    for (const r of routes()) {
      await openRoute(page, `${server.url}${r.path}`);
      overflow[r.name] = await sidewaysOverflow(page);
      await screenshot(page, `phone-owner-${r.name}`);
    }
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((k) => [k, 0])));
  });

  it('no page a visitor may open scrolls sideways (phone-visitor-*.png)', async () => {
    const visitor = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const overflow: Record<string, number> = {};
    for (const r of routes().filter((x) => x.visitor)) {
      await openRoute(visitor, `${server.url}${r.path}`);
      overflow[r.name] = await sidewaysOverflow(visitor);
      await screenshot(visitor, `phone-visitor-${r.name}`);
    }
    await visitor.close();
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((k) => [k, 0])));
  });

  /** Opens a dialog, checks every action button lies inside the viewport, screenshots it, closes it. */
  async function checkDialog(name: string, open: () => Promise<void>): Promise<Record<string, number>> {
    await open();
    const buttons = dialogActions(page);
    await buttons.first().waitFor();
    await page.waitForTimeout(400);
    const outside: Record<string, number> = {};
    for (let i = 0; i < (await buttons.count()); i++) {
      const b = buttons.nth(i);
      const off = await outsideViewport(page, b);
      const sum = Object.values(off).reduce((a, v) => a + v, 0);
      outside[`${name}: ${(await b.textContent())?.trim()}`] = sum;
    }
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, `phone-dialog-${name}`);
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .last()
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    return outside;
  }

  it("keeps every dialog's actions inside the screen and each table row's menu reachable", async () => {
    const outside: Record<string, number> = {};
    const add = (o: Record<string, number>) => Object.assign(outside, o);

    await openRoute(page, `${server.url}/subjects`);
    add(await checkDialog('new-subject', () => page.getByRole('button', { name: 'New Subject' }).click()));
    const subjectMenu = page.getByRole('button', { name: /^Actions for subject/ }).first();
    expect(await outsideViewport(page, subjectMenu)).toEqual({ left: 0, top: 0, right: 0, bottom: 0 });

    await openRoute(page, `${server.url}/sessions`);
    const sessionMenu = page.getByRole('button', { name: /^Actions for session/ }).first();
    expect(await outsideViewport(page, sessionMenu)).toEqual({ left: 0, top: 0, right: 0, bottom: 0 });
    add(
      await checkDialog('rename-session', async () => {
        await sessionMenu.click();
        await page.getByRole('menuitem', { name: 'Rename' }).click();
      }),
    );

    await openRoute(page, `${server.url}/recycle-bin`);
    add(
      await checkDialog('empty-bin', () => page.getByRole('button', { name: 'Empty Recycle Bin' }).click()),
    );
    await page.getByRole('row').filter({ hasText: 'a_rather_long' }).first().click();
    const trialMenu = page.getByRole('button', { name: /^Actions for trial/ }).first();
    await trialMenu.waitFor();
    await trialMenu.scrollIntoViewIfNeeded();
    const off = await outsideViewport(page, trialMenu);
    expect([off.left, off.right]).toEqual([0, 0]);
    add(
      await checkDialog('restore-trial', async () => {
        await trialMenu.click();
        await page.getByRole('menuitem', { name: 'Restore' }).click();
      }),
    );

    await openRoute(page, `${server.url}/session/${seeded.sessionId}`);
    add(
      await checkDialog('share-session', async () => {
        await page.getByRole('button', { name: 'Session menu' }).click();
        await page.getByRole('menuitem', { name: 'Share session publicly' }).click();
      }),
    );
    add(
      await checkDialog('rename-trial', async () => {
        await page.getByRole('button', { name: 'Trial menu walk' }).click();
        await page.getByRole('menuitem', { name: 'Rename' }).click();
      }),
    );
    add(
      await checkDialog('reconnect-phone', () =>
        page.getByRole('button', { name: 'Reconnect phone' }).click(),
      ),
    );

    await openRoute(page, `${server.url}/${seeded.sessionId}/neutral`);
    add(
      await checkDialog('advanced-settings', () =>
        page.getByRole('button', { name: 'Advanced Settings' }).click(),
      ),
    );

    await openRoute(page, `${server.url}/profile/${owner.username}/`);
    add(
      await checkDialog('delete-account', async () => {
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('button', { name: 'Delete account' }).click();
      }),
    );
    add(await checkDialog('change-image', () => page.getByRole('button', { name: 'Change image' }).click()));

    expect(outside).toEqual(Object.fromEntries(Object.keys(outside).map((k) => [k, 0])));
  });

  it('at 1280 px, selecting a subject shows its sessions without widening the page', async () => {
    const desktop = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(desktop, server, owner);
    await openRoute(desktop, `${server.url}/subjects`);
    await desktop.getByRole('row').filter({ hasText: 'Subject with a long name' }).click();
    await desktop.getByRole('heading', { name: /Sessions of Subject with a long name/ }).waitFor();
    await desktop.waitForTimeout(500);
    expect(await sidewaysOverflow(desktop)).toBe(0);
    await screenshot(desktop, 'desktop-subjects-selected');
    await desktop.close();
  });

  it('downloads the chart as a PNG without the hover tooltip in it', async () => {
    const desktop = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await loginInBrowser(desktop, server, owner);
    await openRoute(desktop, `${server.url}/dashboard/${seeded.sessionId}`);
    const canvas = desktop.getByTestId('kinematics-chart');
    await canvas.waitFor();
    await desktop.waitForTimeout(1500);
    const download = async () => {
      const [d] = await Promise.all([
        desktop.waitForEvent('download'),
        desktop.getByRole('button', { name: 'Download Chart' }).click(),
      ]);
      return readFileSync((await d.path())!);
    };
    const plain = await download();
    // Hover the middle of the plot: chart.js draws the tooltip and keeps it after the pointer leaves.
    const box = (await canvas.boundingBox())!;
    await desktop.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await desktop.waitForTimeout(300);
    await screenshot(desktop, 'desktop-chart-hover');
    const hovered = await download();
    expect(hovered.equals(plain)).toBe(true);
    await desktop.close();
  });
});
