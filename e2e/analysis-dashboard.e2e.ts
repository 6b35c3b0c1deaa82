import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readMot, writeMot, type Motion } from '@poselab/biomech';
import { repeatedRealStep } from '../packages/analysis/src/testing/real-walk';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import {
  artifactsDir,
  DESKTOP,
  hasChromium,
  launchBrowser,
  PHONE,
  screenshot,
  setViewportSettled,
  SOFTWARE_WEBGL_ARGS,
} from './support/browser';
import { chartAttr, slowed, speedValues } from './support/dashboard-page';
import { expectNoSidewaysOverflow } from './support/routes';
import { hasSeedData, seedProcessedSession, SHARED_DATA, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
const hasMotions = existsSync(join(SHARED_DATA, 'opencap-motions/walking1.mot'));
const MODEL = join(SHARED_DATA, 'opencap-models/LaiUhlrich2022.osim');

/**
 * Issue #17 acceptance 1 and 2 with the real analyses of #16: two processed walks of one subject (OpenCap
 * walking1's real step repeated on LaiUhlrich2022; the second 1.2 times slower and longer, so speed and cadence
 * differ) → gait on both through the Advanced Analysis dialog on the embedded worker → the dashboard from the
 * dialog's menu (3D, bars, normalised chart on and off, time offset) → a comparison report made by the worker,
 * downloaded from Downloads as a PDF naming both trials with their speeds as the dashboard shows them; German
 * labels on a real squat's dashboard; then a share link that an anonymous browser opens read-only until the
 * owner renews the subject's share token.
 */
describe.skipIf(!hasChromium || !hasSeedData || !hasMotions)('analysis dashboard with real analyses', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let seeded: SeededSession;
  let page: Page;
  let scratch: string;
  let dashboardId: string;
  let speeds: string[] = [];
  const trial = (name: string) => seeded.trials.find((x) => x.name === name)!;
  const dashboardUrl = () =>
    `${server.url}/analysis-dashboard/${dashboardId}/?trialId=${trial('walk_1').id},${trial('walk_2').id}`;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'poselab-dashboard-e2e-'));
    const walking = readMot(readFileSync(join(SHARED_DATA, 'opencap-motions/walking1.mot'), 'utf8'));
    const mot = (name: string, m: Motion) => {
      writeFileSync(join(scratch, `${name}.mot`), writeMot(m));
      return join(scratch, `${name}.mot`);
    };
    const motions = {
      walk_1: mot('walk_1', repeatedRealStep(walking, 53, 122, 8)),
      walk_2: mot('walk_2', repeatedRealStep(slowed(walking, 1.2), 53, 122, 10)),
      squat_1: join(SHARED_DATA, 'opencap-motions/squats1.mot'),
    };
    server = await startServer();
    browser = await launchBrowser(SOFTWARE_WEBGL_ARGS);
    user = await createVerifiedUser(server);
    seeded = seedProcessedSession(server, {
      userId: user.userId,
      subjectName: 'Anna Müller',
      trials: ['walk_1', 'walk_2', 'squat_1'],
      videos: 0,
      motions,
      scaledModel: MODEL,
      transformsFromMotions: true,
    });
    page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await loginInBrowser(page, server, user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('runs gait on both walks in the Advanced Analysis dialog and opens their dashboard from its menu', async () => {
    await page.goto(`${server.url}/session/${seeded.sessionId}`);
    await page.getByRole('heading', { name: 'seeded_session' }).waitFor();
    // The session's viewer only competes for the two cores here.
    await page.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Trial menu walk_1', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Analysis' }).click();
    const dialog = page.getByRole('dialog');
    const gait = dialog.getByTestId('analysis-function-gait');
    await gait.waitFor();
    await dialog.getByRole('combobox', { name: 'Trials to analyse' }).click();
    await page.getByRole('option', { name: 'walk_2', exact: true }).click();
    await gait.getByTestId('analysis-state-gait-walk_2').waitFor();
    await gait.getByRole('button', { name: 'Run Gait analysis' }).click();
    for (const name of ['walk_1', 'walk_2'])
      await page.waitForFunction(
        (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'successfull',
        `analysis-state-gait-${name}`,
        { timeout: 120_000 },
      );
    await screenshot(page, 'analysis-dashboard-dialog-both-done');
    await gait
      .getByTestId('analysis-state-gait-walk_1')
      .getByRole('button', { name: 'Open dashboard' })
      .click();
    await page.waitForURL(/\/analysis-dashboard\/[^/]+\//);
    dashboardId = new URL(page.url()).pathname.split('/')[2];
    await expect
      .poll(() => new URL(page.url()).searchParams.get('trialId'))
      .toBe(`${trial('walk_1').id},${trial('walk_2').id}`);
  });

  it('shows both trials: 3D, metric bars and the normalised chart, Normalized on and off, offsets in chart and 3D', async () => {
    await page.getByRole('heading', { name: 'Gait analysis' }).waitFor();
    await expect.poll(() => speedValues(page), { timeout: 30_000 }).toHaveLength(2);
    speeds = await speedValues(page);
    // Real speeds of the two walks: the second is the same step 1.2 times slower.
    const [v1, v2] = speeds.map(Number);
    expect(v1).toBeGreaterThan(0.9);
    expect(v1).toBeLessThan(1.2);
    expect(v2 / v1).toBeCloseTo(1 / 1.2, 1);
    expect(speeds[0]).not.toBe(speeds[1]);
    // Bars: bands and a tick per trial; bilateral step length with L and R ticks.
    const stepBar = page.locator('[data-metric="step_length"] [role="img"]').first();
    // L left of its tick, R right of it: readable even where both sides are equal (this walk is symmetric).
    const sides = await stepBar
      .locator('span', { hasText: /^[LR]$/ })
      .evaluateAll((els) =>
        els.map(
          (e) => ({ side: e.textContent, ...e.getBoundingClientRect().toJSON() }) as Record<string, number>,
        ),
      );
    expect(sides.map((x) => x.side)).toEqual(['L', 'R']);
    expect(sides[0].right).toBeLessThanOrEqual(sides[1].left);
    await expect
      .poll(() => page.getByTestId('visualizer').getAttribute('data-trials'), { timeout: 30_000 })
      .toBe('2');
    await expect.poll(() => chartAttr(page, 'series')).toBe('walk_1|walk_2');
    expect(await chartAttr(page, 'mode')).toBe('normalized');
    expect(await chartAttr(page, 'bands')).toBe('2');
    expect(await chartAttr(page, 'xMax')).toBe('100');
    const url = new URL(page.url());
    expect(url.searchParams.get('config')).toBeTruthy();
    expect(url.searchParams.get('shareToken')).toBeNull();
    await page.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
    await screenshot(page, 'analysis-dashboard-desktop');

    await page.getByRole('switch', { name: 'Normalized' }).first().click();
    await expect.poll(() => chartAttr(page, 'mode')).toBe('time');
    const timeMax = Number(await chartAttr(page, 'xMax'));
    expect(timeMax).toBeGreaterThan(4);
    // Trial 2's offset moves it in the chart over time and in the 3D view alike.
    await page.getByLabel('Offset 2 (s)').fill('1.5');
    await page.getByRole('button', { name: 'Offset 2 plus 0.01 s' }).click();
    await expect.poll(() => page.getByTestId('visualizer').getAttribute('data-offsets')).toBe('0,1.51');
    await expect.poll(async () => Number(await chartAttr(page, 'xMax'))).toBeCloseTo(timeMax + 1.51, 1);
    await screenshot(page, 'analysis-dashboard-time-offset');
    await page.getByLabel('Offset 2 (s)').fill('0');
    await page.getByRole('switch', { name: 'Normalized' }).first().click();
    await expect.poll(() => chartAttr(page, 'mode')).toBe('normalized');
    // A trial chosen in selector 1 is disabled in selector 2.
    await page.getByRole('combobox', { name: 'Trial 2', exact: true }).click();
    expect(await page.getByRole('option', { name: 'walk_1' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('creates a comparison report: pending → successfull; the PDF from Downloads names both trials with their speeds', async () => {
    const panel = page.getByTestId('report-panel');
    expect(await panel.getAttribute('data-state')).toBe('null');
    await page.evaluate(() => {
      const w = window as unknown as { reportStates: string[] };
      w.reportStates = [];
      const record = () => {
        const s = document.querySelector('[data-testid="report-panel"]')?.getAttribute('data-state');
        if (s && s !== w.reportStates.at(-1)) w.reportStates.push(s);
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Create comparison report' }).click();
    await page.getByTestId('report-ready').waitFor({ timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { reportStates: string[] }).reportStates)).toEqual(
      ['null', 'pending', 'successfull'],
    );
    await page.goto(`${server.url}/downloads`);
    const link = page.getByRole('link', { name: 'Download' });
    await link.waitFor();
    await screenshot(page, 'downloads-desktop');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^gait-report-.*\.pdf$/);
    const pdf = join(scratch, 'report.pdf');
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPoppler) return;
    // Pages as images for a person to look at (e2e/.artifacts/analysis-report-page-N.png).
    mkdirSync(artifactsDir, { recursive: true });
    execFileSync('pdftoppm', ['-r', '60', '-png', pdf, join(artifactsDir, 'analysis-report-page')]);
    const pages = readdirSync(artifactsDir).filter((f) => f.startsWith('analysis-report-page'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Anna Müller');
    // The gait speed block: a row per trial with the value the dashboard shows.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('Gait speed (m/s)'));
    expect(at).toBeGreaterThan(0);
    const block = lines.slice(at + 1, at + 5);
    for (const [i, name] of ['walk_1', 'walk_2'].entries())
      expect(
        block.some((l) => l.includes(name) && l.includes(speeds[i])),
        `${name} ${speeds[i]}`,
      ).toBe(true);
  });

  it('the session list lists the dashboard by title in its Dashboards menu', async () => {
    await page.goto(`${server.url}/sessions`);
    await page.getByRole('button', { name: /Dashboards/ }).click();
    await page.getByRole('menuitem', { name: 'Gait analysis' }).click();
    await page.waitForURL(new RegExp(`/analysis-dashboard/${dashboardId}/`));
  });

  it('works at 390 px: dashboard and Downloads without sideways scrolling', async () => {
    await setViewportSettled(page, PHONE);
    await page.goto(dashboardUrl());
    await expect.poll(() => speedValues(page), { timeout: 30_000 }).toEqual(speeds);
    await page.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
    await expectNoSidewaysOverflow(page, 'analysis-dashboard-phone');
    await screenshot(page, 'analysis-dashboard-phone');
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect.poll(() => page.locator('#dashboard-data-menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.goto(`${server.url}/downloads`);
    await page.getByRole('link', { name: 'Download' }).waitFor();
    await expectNoSidewaysOverflow(page, 'downloads-phone');
    await screenshot(page, 'downloads-phone');
    await setViewportSettled(page, DESKTOP);
  });

  it('German: gait and real squat dashboards label everything from the analysis catalogue', async () => {
    // The real squat (OpenCap squats1, 5 repetitions) through the API, as the dialog does.
    const token = user.token;
    const call = (path: string, body?: unknown) =>
      fetch(`${server.url}/api${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const invoked = await call('/analysis-functions/squat/invoke/', {
      session_id: seeded.sessionId,
      specific_trial_names: ['squat_1'],
    });
    const taskId = ((await invoked.json()) as { task_id: string }).task_id;
    let squatDashboard = '';
    await expect
      .poll(
        async () => {
          const res = await call(`/analysis-result/${taskId}/`);
          if (res.status === 200)
            squatDashboard = ((await res.json()) as { dashboard_id: string }).dashboard_id;
          return res.status;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(200);

    // The owner's profile language is German for this test (the app follows the profile's language).
    const profileLanguage = async (language: 'en' | 'de') => {
      const me = (await (await call('/get_user_info/', { username: user.username })).json()) as Record<
        string,
        string
      >;
      const { first_name, last_name, email } = me;
      const res = await call('/update_profile/', { first_name, last_name, email, language });
      expect(res.status).toBe(200);
    };
    await profileLanguage('de');
    const context: BrowserContext = await browser.newContext({ viewport: DESKTOP });
    const de = await context.newPage();
    try {
      await loginInBrowser(de, server, user);
      await de.goto(dashboardUrl());
      await de.getByRole('heading', { name: 'Ganganalyse' }).waitFor();
      await expect
        .poll(() => speedValues(de), { timeout: 30_000 })
        .toEqual(speeds.map((s) => s.replace('.', ',')));
      const speedBlock = de.locator('[data-metric="gait_speed"]');
      expect(await speedBlock.textContent()).toContain('Ganggeschwindigkeit (m/s)');
      expect(await de.getByTestId('widget-info_text').textContent()).toMatch(
        /rechte und \d+ linke Gangzyklen/,
      );
      await de.getByRole('button', { name: /Pause|Anhalten/ }).click({ timeout: 20_000 });
      await screenshot(de, 'analysis-dashboard-de-desktop');

      await setViewportSettled(de, PHONE);
      await de.goto(`${server.url}/analysis-dashboard/${squatDashboard}/?trialId=${trial('squat_1').id}`);
      await de.getByRole('heading', { name: 'Kniebeugenanalyse' }).waitFor();
      await de.locator('[data-metric="squat_depth"]').waitFor({ timeout: 30_000 });
      expect(await de.locator('[data-metric="squat_depth"]').textContent()).toContain(
        'Tiefe der Kniebeuge (cm)',
      );
      const values = await de.getByTestId('widget-scalar_values').textContent();
      expect(values).toMatch(/Wiederholungen.*squat_15Tiefe der Kniebeuge \(cm\)squat_136,\d ± \d,\d cm/);
      expect(await de.getByTestId('widget-info_text').textContent()).toBe(
        '5 Wiederholungen: 5 × Beidbeinig.',
      );
      await de.getByRole('button', { name: /Pause|Anhalten/ }).click({ timeout: 20_000 });
      await expectNoSidewaysOverflow(de, 'analysis-dashboard-squat-de-phone');
      await screenshot(de, 'analysis-dashboard-squat-de-phone');
    } finally {
      await context.close();
      await profileLanguage('en');
    }
  });

  it('an anonymous browser opens the private share link read-only; after the token is renewed it shows nothing', async () => {
    await page.goto(dashboardUrl());
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
    await expect.poll(() => speedValues(anon), { timeout: 30_000 }).toEqual(speeds);
    expect(await anon.getByRole('button', { name: 'Create comparison report' }).count()).toBe(0);
    expect(await anon.getByRole('button', { name: 'Share analysis publicly' }).count()).toBe(0);
    expect(await anon.getByRole('button', { name: 'Back to session list' }).count()).toBe(0);
    // Logged-out viewers adding a selector reuse the first selector's subject and session.
    await anon.getByRole('button', { name: 'Add trial' }).click();
    expect(await anon.getByRole('combobox', { name: 'Session 3', exact: true }).textContent()).toContain(
      'seeded_session',
    );
    await screenshot(anon, 'analysis-dashboard-shared-phone');
    // The analysis API reads the shared trial's outcome with the same grant.
    const grant = await anon.evaluate(async (u) => {
      const config = JSON.parse(atob(new URL(u).searchParams.get('config')!)) as Array<{
        subjectId: string;
        shareToken: string;
      }>;
      return `subject_id=${config[0].subjectId}&share_token=${config[0].shareToken}`;
    }, shared);
    const apiStatuses = () =>
      anon.evaluate(
        async ([id, trialId, q]) =>
          Promise.all(
            [
              `/api/analysis-dashboards/${id}/?${q}`,
              `/api/analysis-dashboards/${id}/data/?${q}`,
              `/api/analysis-functions/gait/task-for-trial/${trialId}/?${q}`,
              `/api/analysis-results/states/?${q}`,
            ].map(async (u) => (await fetch(u)).status),
          ),
        [dashboardId, trial('walk_1').id, grant],
      );
    expect(await apiStatuses()).toEqual([200, 200, 200, 200]);

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
    expect(await apiStatuses()).toEqual([404, 404, 404, 404]);
    await screenshot(anon, 'analysis-dashboard-revoked-phone');
    await visitor.close();
  });
});
