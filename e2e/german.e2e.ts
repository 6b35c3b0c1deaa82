import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, readOutbox, type TestUser } from './support/accounts';
import { DESKTOP, hasChromium, launchBrowser, PHONE, screenshot } from './support/browser';
import { englishFound, englishOnlyTexts, pageTexts } from './support/english-catalogue';
import { openRoute, specRoutes } from './support/routes';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue #20: a German user's pages (language chosen at registration, the browser set to English) show no text of
 * the English catalogue, menus and dialogs included; visitors get their browser's language; the e-mailed code
 * is German for a German user.
 */
describe.skipIf(!hasChromium || !hasSeedData)('the app in German', () => {
  let server: RunningServer;
  let browser: Browser;
  let grete: TestUser;
  let seeded: SeededSession;
  let shared: SeededSession;
  let page: Page;
  const english = englishOnlyTexts();
  const found: Record<string, string[]> = {};

  async function check(name: string, p: Page = page): Promise<void> {
    const hits = englishFound(await pageTexts(p), english);
    if (hits.length) found[name] = hits;
    await screenshot(p, `german-${name}`);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--lang=en-US']);
    grete = await createVerifiedUser(server, { username: 'grete', language: 'de' });
    seeded = seedProcessedSession(server, { userId: grete.userId, trials: ['walk', 'jump'], videos: 2 });
    shared = seedProcessedSession(server, { userId: grete.userId, sessionName: 'geteilt', public: true });
    const jump = seeded.trials.find((t) => t.name === 'jump')!;
    await fetch(`${server.url}/api/trials/${jump.id}/trash/`, {
      method: 'POST',
      headers: { authorization: `Token ${grete.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await loginInBrowser(page, server, grete, { currentSessionId: seeded.sessionId });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('e-mails the login code in German to a German user', async () => {
    const mails = (await readOutbox(server)).filter((m) => m.to === grete.email);
    const code = mails.at(-1)!;
    expect(code.subject).toMatch(/^PoseLab-Anmeldecode: \d{6}$/);
    expect(code.text).toContain('Ihr PoseLab-Anmeldecode lautet:');
    expect(code.text).toContain('Er ist 10 Minuten gültig.');
  });

  it("shows every route, menu and dialog in the profile's language, with no English catalogue text", async () => {
    const routes = specRoutes({
      sessionId: seeded.sessionId,
      publicSessionId: shared.sessionId,
      username: 'grete',
    });
    for (const r of routes.filter(
      (x) => !['login', 'register', 'reset-password', 'new-password'].includes(x.name),
    )) {
      await openRoute(page, `${server.url}${r.path}`);
      expect(await page.evaluate(() => document.documentElement.lang), r.name).toBe('de');
      await check(r.name);
    }

    // Menus and dialogs.
    await openRoute(page, `${server.url}/sessions`);
    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await check('profile-menu');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Aktionen für Sitzung/ })
      .first()
      .click();
    await check('session-row-menu');
    await page.getByRole('menuitem', { name: 'Umbenennen' }).click();
    await check('rename-session-dialog');
    await page.keyboard.press('Escape');

    await openRoute(page, `${server.url}/subjects`);
    await page.getByRole('button', { name: 'Neuer Proband' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await check('subject-dialog-errors');
    await page.keyboard.press('Escape');

    await openRoute(page, `${server.url}/session/${seeded.sessionId}`);
    await page.getByRole('button', { name: 'Sitzungsmenü' }).click();
    await check('session-menu');
    await page.getByRole('menuitem', { name: 'Sitzung öffentlich teilen' }).click();
    await check('share-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menü der Aufnahme walk' }).click();
    await check('trial-menu');
    await page.getByRole('menuitem', { name: 'Tags bearbeiten' }).click();
    await check('tags-dialog');
    await page.keyboard.press('Escape');

    await openRoute(page, `${server.url}/${seeded.sessionId}/neutral`);
    await page.getByRole('button', { name: 'Erweiterte Einstellungen' }).click();
    await check('advanced-settings');
    await page.keyboard.press('Escape');

    await openRoute(page, `${server.url}/recycle-bin`);
    await page.getByRole('row').filter({ hasText: 'seeded_session' }).first().click();
    await page
      .getByRole('button', { name: /^Aktionen für Aufnahme/ })
      .first()
      .waitFor();
    await check('recycle-bin-trials');

    expect(found).toEqual({});
  });

  it("gives visitors their browser's language: German pages for a German browser", async () => {
    const visitor = await browser.newPage({ viewport: PHONE, locale: 'de-DE' });
    await visitor.setExtraHTTPHeaders({ 'accept-language': 'de-DE' });
    const routes = specRoutes({
      sessionId: seeded.sessionId,
      publicSessionId: shared.sessionId,
      username: 'grete',
    });
    for (const r of routes.filter((x) => x.visitor)) {
      await openRoute(visitor, `${server.url}${r.path}`);
      await check(`visitor-${r.name}`, visitor);
    }
    await visitor.close();
    expect(found).toEqual({});
  });
});
