import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { DESKTOP, hasChromium, launchBrowser, screenshot, SOFTWARE_WEBGL_ARGS } from './support/browser';
import { DEMO, unitTestPoseCacheDir } from './support/demo-recording';
import { runCli } from './support/phone-cli';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

const hasDemo = existsSync(join(DEMO, 'balancing', 'cam01.mp4'));

/**
 * Issue #25 acceptance 3: the Pose2Sim demo's balancing trial (the subject stands on one leg, then the other)
 * through the CLI on its original clips (the unit tests' detection cache, support/demo-recording.ts) → seeded
 * as a processed trial with its scaled model → the balance analysis in the Advanced Analysis dialog on the
 * embedded worker → its dashboard, which shows every balance metric with a number.
 */
describe.skipIf(!hasChromium || !hasSeedData || !hasDemo)(
  'balance analysis on the demo balancing trial',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let user: TestUser;
    let seeded: SeededSession;
    let page: Page;
    let out: string;

    beforeAll(async () => {
      out = mkdtempSync(join(tmpdir(), 'poselab-balance-e2e-'));
      const run = await runCli(
        [
          '--calibration',
          join(DEMO, 'calibration', 'Calib.qca.txt'),
          '--neutral',
          join(DEMO, 'static'),
          '--videos',
          join(DEMO, 'balancing'),
          '--out',
          out,
        ],
        { POSE_CACHE_DIR: unitTestPoseCacheDir },
      );
      expect(run.code, run.output).toBe(0);
      server = await startServer();
      browser = await launchBrowser(SOFTWARE_WEBGL_ARGS);
      user = await createVerifiedUser(server);
      seeded = seedProcessedSession(server, {
        userId: user.userId,
        trials: ['balancing'],
        videos: 1,
        motions: { balancing: join(out, 'trial.mot') },
        scaledModel: join(out, 'scaled-model.osim'),
        transformsFromMotions: true,
      });
      page = await browser.newPage({ viewport: DESKTOP });
      await loginInBrowser(page, server, user);
    }, 600_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      if (out) rmSync(out, { recursive: true, force: true });
    });

    it('runs balance in the Advanced Analysis dialog and shows its metrics on the dashboard', async () => {
      await page.goto(`${server.url}/session/${seeded.sessionId}`);
      await page.getByRole('heading', { name: 'seeded_session' }).waitFor();
      await page.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Trial menu balancing', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Analysis' }).click();
      const dialog = page.getByRole('dialog');
      const balance = dialog.getByTestId('analysis-function-balance');
      await balance.getByRole('heading', { name: 'Balance analysis', exact: true }).waitFor();
      await balance.getByRole('button', { name: 'Run Balance analysis' }).click();
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="analysis-state-balance-balancing"]')
            ?.getAttribute('data-state') === 'successfull',
        null,
        { timeout: 120_000 },
      );
      await screenshot(page, 'analysis-balance-dialog-done');
      await balance
        .getByTestId('analysis-state-balance-balancing')
        .getByRole('button', { name: 'Open dashboard' })
        .click();
      await page.waitForURL(/\/analysis-dashboard\/[^/]+\//);
      await page.getByRole('heading', { name: 'Balance analysis' }).waitFor();

      const valueOf = (key: string) =>
        page.locator(`[data-metric="${key}"]`).getByTestId('metric-value').first().textContent();
      await expect.poll(() => valueOf('single_leg_stance_time'), { timeout: 30_000 }).toMatch(/^L /);
      // The subject stands on the left leg for about a second, then on the right (the clip ends there).
      const time = /^L ([\d.]+) \/ R ([\d.]+)$/.exec((await valueOf('single_leg_stance_time')) ?? '');
      expect(time, 'time on one leg').not.toBeNull();
      expect(Number(time![1])).toBeGreaterThan(0.5);
      expect(Number(time![2])).toBeGreaterThan(0);
      expect(await valueOf('foot_touchdowns')).toMatch(/^L \d+ \/ R \d+$/);
      for (const key of ['sway_path_length', 'sway_area', 'sway_velocity'])
        expect(Number(await valueOf(key)), key).toBeGreaterThan(0);
      expect(await valueOf('trunk_lean_balance')).toMatch(/^L [\d.]+ \/ R [\d.]+$/);
      await page.getByText(/^Single-leg stance from/).waitFor();
      await screenshot(page, 'analysis-balance-dashboard');
    });
  },
);
