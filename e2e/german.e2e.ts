import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, readOutbox, type TestUser } from './support/accounts';
import {
  DESKTOP,
  hasChromium,
  launchBrowser,
  PHONE,
  screenshot,
  setViewportSettled,
} from './support/browser';
import { clippedLabels } from './support/clipping';
import { englishFound, englishOnlyTexts, pageTexts } from './support/english-catalogue';
import { pointDecimals } from './support/german-numbers';
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

  it('walks every route at 390 and 1280 px: no English catalogue text, no clipped label (issue #29)', async () => {
    const routes = specRoutes({
      sessionId: seeded.sessionId,
      publicSessionId: shared.sessionId,
      username: 'grete',
    }).filter((x) => !['login', 'register', 'reset-password', 'new-password'].includes(x.name));
    const english29: Record<string, string[]> = {};
    const clipped: Record<string, string[]> = {};
    const decimals: Record<string, string[]> = {};
    const walk = async (p: Page, name: string) => {
      const texts = await pageTexts(p);
      const hits = englishFound(texts, english);
      if (hits.length) english29[name] = hits;
      const points = await pointDecimals(p, texts);
      if (points.length) decimals[name] = points;
      const cut = await clippedLabels(p);
      if (cut.length) clipped[name] = cut;
    };
    const visitor = await browser.newPage({ viewport: PHONE, locale: 'de-DE' });
    await visitor.setExtraHTTPHeaders({ 'accept-language': 'de-DE' });
    for (const size of [PHONE, DESKTOP]) {
      await setViewportSettled(page, size);
      await setViewportSettled(visitor, size);
      for (const r of routes) {
        await openRoute(page, `${server.url}${r.path}`);
        // The profile's language is applied once the profile has loaded (a fresh tab starts in the browser's).
        await page.waitForFunction(() => document.documentElement.lang === 'de');
        if (r.name === 'session') {
          // The viewer's time field, once the trial has loaded: '0,00' (a number input would say 0.00).
          await expect
            .poll(() => page.getByTestId('time-field').inputValue(), { timeout: 60_000 })
            .toMatch(/^\d+,\d\d$/);
        }
        await walk(page, `${size.width}-${r.name}`);
        if (r.name === 'calibration') {
          // Nothing recorded on this step: no upload count (the seeded walk trial's '0 von 2' showed before).
          expect(await page.getByText(/Videos hochgeladen/).count()).toBe(0);
        }
        if (size === PHONE && ['session', 'calibration'].includes(r.name)) {
          await screenshot(page, `german-390-${r.name}`);
        }
      }
      for (const name of ['login', 'register', 'reset-password']) {
        await openRoute(visitor, `${server.url}/${name}`);
        await walk(visitor, `${size.width}-visitor-${name}`);
        if (size === PHONE && name === 'register') await screenshot(visitor, 'german-390-register');
      }
    }
    await visitor.close();

    // The documentation pages: the menu opens the German ones, which hold no English catalogue text.
    await setViewportSettled(page, DESKTOP);
    await openRoute(page, `${server.url}/sessions`);
    await page.getByRole('button', { name: 'Kontomenü' }).click();
    const docs = await page.getByRole('menuitem', { name: 'Dokumentation' }).getAttribute('href');
    expect(docs).toBe('/docs/de/documentation.html');
    await page.keyboard.press('Escape');
    for (const doc of ['documentation', 'faq', 'terms', 'privacy']) {
      for (const size of [PHONE, DESKTOP]) {
        await setViewportSettled(page, size);
        await page.goto(`${server.url}/docs/de/${doc}.html`);
        await page
          .locator('[data-support]')
          .filter({ hasText: /Administration|Schreiben Sie/ })
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.lang), doc).toBe('de');
        await walk(page, `${size.width}-docs-${doc}`);
      }
    }
    expect({ english: english29, clipped, decimals }).toEqual({ english: {}, clipped: {}, decimals: {} });
  }, 900_000);

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
