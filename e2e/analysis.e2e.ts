import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readMot, writeMot } from '@poselab/biomech';
import { repeatedRealStep } from '../packages/analysis/src/testing/real-walk';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { artifactsDir, DESKTOP, hasChromium, launchBrowser, PHONE } from './support/browser';
import { hasSeedData, seedProcessedSession, SHARED_DATA, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

/**
 * Screenshot of what the viewport shows once the dialog's fade-in has ended (a full-page shot would draw the
 * fixed, full-screen dialog over a page taller than the screen).
 */
async function shootDialog(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => {
    const container = document.querySelector('[role="dialog"]')?.parentElement;
    return container !== null && container !== undefined && getComputedStyle(container).opacity === '1';
  });
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** WebGL in headless Chromium without a GPU (as session-view.e2e.ts). */
const WEBGL_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Advanced Analysis end to end: a processed walking trial (OpenCap walking1's real step repeated to four
 * strides, IK on LaiUhlrich2022, the model stored as the neutral's scaled model) → Advanced Analysis → run gait
 * → Calculating → successfull on the server's embedded worker; gait on walking1.mot as recorded (1.2 strides)
 * fails and shows its message in red.
 */
describe.skipIf(!hasChromium || !hasSeedData)('Advanced Analysis dialog with real analyses', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let seeded: SeededSession;
  let page: Page;
  let scratch: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'poselab-analysis-e2e-'));
    const walking = readMot(readFileSync(join(SHARED_DATA, 'opencap-motions/walking1.mot'), 'utf8'));
    const walkMot = join(scratch, 'walk.mot');
    writeFileSync(walkMot, writeMot(repeatedRealStep(walking, 53, 122, 8)));
    server = await startServer();
    browser = await launchBrowser(WEBGL_ARGS);
    user = await createVerifiedUser(server);
    seeded = seedProcessedSession(server, {
      userId: user.userId,
      trials: ['walk', 'walk1'],
      videos: 1,
      motions: { walk: walkMot, walk1: join(SHARED_DATA, 'opencap-motions/walking1.mot') },
      scaledModel: join(SHARED_DATA, 'opencap-models/LaiUhlrich2022.osim'),
    });
    page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server, user);
    await page.goto(`${server.url}/session/${seeded.sessionId}`);
    await page.getByRole('heading', { name: 'seeded_session' }).waitFor();
    // The viewer only competes for the two cores here.
    await page.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Opens the dialog from a trial's menu and records every state the trial's gait row shows. */
  async function openFor(trial: string) {
    await page.getByRole('button', { name: `Trial menu ${trial}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Analysis' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('analysis-function-gait').waitFor();
    await page.evaluate((testId) => {
      const w = window as unknown as { seenStates: string[] };
      w.seenStates = [];
      const record = () => {
        const s = document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-state');
        if (s && s !== w.seenStates.at(-1)) w.seenStates.push(s);
      };
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        attributes: true,
        childList: true,
      });
    }, `analysis-state-gait-${trial}`);
    return dialog;
  }
  const seen = () => page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);

  it('a processed trial → Advanced Analysis → run gait → Calculating → successfull', async () => {
    const dialog = await openFor('walk');
    // The registered functions, with description and info.
    for (const title of [
      'Gait analysis',
      'Treadmill gait analysis',
      'Squat analysis',
      'Drop jump analysis',
      'Countermovement jump analysis',
      'Sit-to-stand analysis',
    ])
      await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
    const gait = dialog.getByTestId('analysis-function-gait');
    await gait.getByRole('button', { name: 'About this analysis' }).click();
    await gait.getByText(/Record at least two full strides/).waitFor();
    const row = gait.getByTestId('analysis-state-gait-walk');
    expect(await row.getAttribute('data-state')).toBe('not_run');

    await gait.getByRole('button', { name: 'Run Gait analysis' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="analysis-state-gait-walk"]')?.getAttribute('data-state') ===
        'successfull',
      null,
      { timeout: 90_000 },
    );
    expect(await seen()).toEqual(['not_run', 'pending', 'successfull']);
    await row.getByText('Successful').waitFor();
    for (const entry of ['Open dashboard', 'Download result (JSON)', 'Download metrics (CSV)'])
      await row.getByRole('button', { name: entry }).waitFor();
    await shootDialog(page, 'analysis-dialog-success-desktop');

    // The metrics CSV downloads from the stored result.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download metrics (CSV)' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('section,key,label,side,value,sd,min,max,units');
    const speed = Number(/metric,gait_speed,Gait speed,,([\d.]+),/.exec(csv)?.[1]);
    expect(speed).toBeGreaterThan(0.9);
    expect(speed).toBeLessThan(1.2);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('a failed run shows its message in red', async () => {
    // walking1.mot itself holds 1.2 strides: no whole gait cycle.
    const dialog = await openFor('walk1');
    const gait = dialog.getByTestId('analysis-function-gait');
    await gait.getByRole('button', { name: 'Run Gait analysis' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="analysis-state-gait-walk1"]')?.getAttribute('data-state') ===
        'failed',
      null,
      { timeout: 90_000 },
    );
    expect(await seen()).toEqual(['not_run', 'pending', 'failed']);
    const message = gait.getByTestId('analysis-state-gait-walk1').getByRole('alert');
    expect(await message.textContent()).toBe(
      'Not enough gait cycles found: record at least two full strides, about 3 m of walking.',
    );
    const color = await message.evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(211, 47, 47)');
    await shootDialog(page, 'analysis-dialog-failed-desktop');
  });

  it('fits a 390 px phone: full-screen dialog, nothing overflows sideways', async () => {
    const phone = await browser.newPage({ viewport: PHONE });
    try {
      await loginInBrowser(phone, server, user);
      await phone.goto(`${server.url}/session/${seeded.sessionId}`);
      await phone.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
      for (const [trial, state] of [
        ['walk1', 'failed'],
        ['walk', 'successfull'],
      ] as const) {
        await phone.getByRole('button', { name: `Trial menu ${trial}`, exact: true }).click();
        await phone.getByRole('menuitem', { name: 'Analysis' }).click();
        const row = phone.getByRole('dialog').getByTestId(`analysis-state-gait-${trial}`);
        await phone.waitForFunction(
          ([id, want]) =>
            document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === want,
          [`analysis-state-gait-${trial}`, state],
        );
        await expect
          .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
            timeout: 3000,
          })
          .toBeLessThanOrEqual(0);
        const box = await phone.getByRole('dialog').boundingBox();
        expect(box!.width).toBeLessThanOrEqual(PHONE.width);
        if (state === 'failed') await row.getByRole('alert').waitFor();
        await shootDialog(phone, `analysis-dialog-${state}-phone`);
        await phone.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      }
    } finally {
      await phone.close();
    }
  });
});
