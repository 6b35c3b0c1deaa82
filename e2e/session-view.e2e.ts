import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import { DESKTOP, hasChromium, launchBrowser, PHONE, screenshot } from './support/browser';
import { hasSeedData, seedProcessedSession, type SeededSession } from './support/seed';
import { startServer, type RunningServer } from './support/server';

/** WebGL in headless Chromium without a GPU: SwiftShader (software rendering). */
export const WEBGL_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--autoplay-policy=no-user-gesture-required',
];

const shownTime = (page: Page) =>
  page.getByTestId('visualizer').evaluate((el) => Number((el as HTMLElement).dataset.time));

/** Playback progress per wall second, summing forward steps so a wrap at the end does not count. */
async function progressRate(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (ms) => {
    const el = document.querySelector('[data-testid="visualizer"]') as HTMLElement;
    let last = Number(el.dataset.time);
    let sum = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      await new Promise((r) => requestAnimationFrame(r));
      const t = Number(el.dataset.time);
      if (t >= last) sum += t - last;
      last = t;
    }
    return sum / ((performance.now() - t0) / 1000);
  }, ms);
}

describe.skipIf(!hasChromium || !hasSeedData)(
  'session view: 3D viewer with synced videos and trial management',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let user: TestUser;
    let seeded: SeededSession;
    let page: Page;

    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser(WEBGL_ARGS);
      user = await createVerifiedUser(server);
      seeded = seedProcessedSession(server, { userId: user.userId, trials: ['walk', 'jump'], videos: 2 });
      page = await browser.newPage({ viewport: DESKTOP });
      await loginInBrowser(page, server, user);
      await page.goto(`${server.url}/session/${seeded.sessionId}`);
      await page.getByRole('heading', { name: 'seeded_session' }).waitFor();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('renders the skeleton and starts playing about 1.2 s after loading', async () => {
      const viz = page.getByTestId('visualizer');
      await viz.locator('canvas').waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="visualizer"]') as HTMLElement)?.dataset.playing === 'true',
        null,
        { timeout: 20_000 },
      );
      const t0 = await shownTime(page);
      await page.waitForTimeout(600);
      const t1 = await shownTime(page);
      expect(t1).not.toBe(t0);
      await screenshot(page, 'session-view-desktop');
      const pixels = await viz.locator('canvas').screenshot();
      expect(pixels.length).toBeGreaterThan(10_000);
    });

    it('the ±0.01 buttons move the time field by 0.01', async () => {
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'To start' }).click();
      const field = page.getByTestId('time-field');
      await expect.poll(() => field.inputValue()).toBe('0.00');
      await page.getByRole('button', { name: 'Forward 0.01 s' }).click();
      await expect.poll(() => field.inputValue()).toBe('0.01');
      await page.getByRole('button', { name: 'Forward 0.01 s' }).click();
      await page.getByRole('button', { name: 'Back 0.01 s' }).click();
      await expect.poll(() => field.inputValue()).toBe('0.01');
      expect(await shownTime(page)).toBeCloseTo(0.01, 6);
    });

    it('speed 0.5 halves the rate of progress', async () => {
      // A trial without videos: the clock alone (with videos the clock follows the decoder, which a loaded
      // 2-core machine slows down; the synced case is checked below).
      const clockOnly = seedProcessedSession(server, {
        userId: user.userId,
        trials: ['hop'],
        videos: 0,
        sessionName: 'clock_only',
        public: true,
      });
      const p = await browser.newPage({ viewport: DESKTOP });
      await p.goto(`${server.url}/session/${clockOnly.sessionId}`);
      await p.waitForFunction(
        () =>
          (document.querySelector('[data-testid="visualizer"]') as HTMLElement)?.dataset.playing === 'true',
        null,
        { timeout: 20_000 },
      );
      const full = await progressRate(p, 2500);
      await p.getByLabel('Speed').click();
      await p.getByRole('option', { name: '0.5', exact: true }).click();
      await p.waitForTimeout(300);
      const half = await progressRate(p, 2500);
      console.log(`playback rate at speed 1: ${full.toFixed(3)} s/s, at speed 0.5: ${half.toFixed(3)} s/s`);
      expect(full).toBeGreaterThan(0.85);
      expect(full).toBeLessThan(1.15);
      expect(half / full).toBeGreaterThan(0.4);
      expect(half / full).toBeLessThan(0.6);
      await p.close();
    });

    it('the video frame and the skeleton frame stay within one frame during playback', async () => {
      const play = page.getByRole('button', { name: 'Play' });
      if (await play.count()) await play.click();
      await page.waitForTimeout(500);
      // The skeletons follow the video marked data-clock-master; the other videos are steered to it and may be
      // up to SEEK_THRESHOLD (0.12 s) off on a loaded machine (CI once measured 0.11 s on the second video).
      const samples = await page.evaluate(async () => {
        const el = document.querySelector('[data-testid="visualizer"]') as HTMLElement;
        const videos = Array.from(
          document.querySelectorAll<HTMLVideoElement>('video[data-testid="synced-video"]'),
        );
        const out: { media: number; frame: number; video: number; source?: string }[] = [];
        const t0 = performance.now();
        await new Promise<void>((done) => {
          videos.forEach((video, i) => {
            const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
              // Read the skeleton frame the visualizer draws in the same rendering step as this video frame.
              requestAnimationFrame(() => {
                if (video.hasAttribute('data-clock-master'))
                  out.push({
                    media: meta.mediaTime,
                    frame: Number(el.dataset.frame),
                    video: i,
                    source: el.dataset.clockSource,
                  });
                if (out.length < 60 && performance.now() - t0 < 30_000)
                  video.requestVideoFrameCallback(onFrame);
                else done();
              });
            };
            video.requestVideoFrameCallback(onFrame);
          });
        });
        return { out, duration: Math.max(...videos.map((v) => v.duration)) };
      });
      const dt = 0.01; // seeded animation sample interval
      const videoFrame = 1 / 60;
      // Leave out the loop seam (the video wraps a frame before or after the clock).
      const steady = samples.out.filter((s) => s.media > 0.05 && s.media < samples.duration - 0.05);
      const diffs = steady.map((s) => Math.abs(s.media - s.frame * dt));
      const worst = Math.max(...diffs);
      const within = diffs.filter((d) => d <= videoFrame + 1e-6).length / diffs.length;
      console.log(
        `sync: ${samples.out.length} video frames, steady ${steady.length}; |video − skeleton| max ${(worst * 1000).toFixed(1)} ms, ` +
          `mean ${((diffs.reduce((a, b) => a + b, 0) / diffs.length) * 1000).toFixed(1)} ms, ${(within * 100).toFixed(1)} % within one video frame`,
      );
      const worstAt = diffs.indexOf(worst);
      if (worst > videoFrame) {
        const i = samples.out.indexOf(steady[worstAt]);
        console.log('around the worst sample:', JSON.stringify(samples.out.slice(Math.max(0, i - 3), i + 3)));
      }
      // 60 frames of the master (1 s at 60 fps) or 30 s, whichever comes first: a loaded machine presented only
      // 16 frames in 10 s, which says nothing about the sync the test is for.
      expect(steady.length).toBeGreaterThanOrEqual(10);
      expect(worst).toBeLessThanOrEqual(videoFrame + 1e-6);
      // Stop decoding and drawing: the remaining tests share two CPU cores with this page.
      await page.getByRole('button', { name: 'Pause' }).click();
    });

    it('trial menu: neutral has no Rename or Analysis; Analysis lists the analysis functions', async () => {
      await page.getByRole('button', { name: 'Trial menu neutral' }).click();
      const items = await page.getByRole('menuitem').allTextContents();
      // The processed neutral's own .trc (and its .mot) download from the menu too (issue #18).
      expect(items).toEqual(['Edit Tags', 'Download .mot / .trc', 'Trash', 'Delete']);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Trial menu walk' }).click();
      await page.getByRole('menuitem', { name: 'Analysis' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Gait analysis', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Close' }).click();
    });

    it('rename with a duplicate name shows the SPEC message; a new name renames', async () => {
      await page.getByRole('button', { name: 'Trial menu walk' }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const field = page.getByRole('dialog').getByLabel('Trial name');
      await field.fill('jump');
      await page
        .getByText('A trial with this name already exists in the session. Please choose a different name.')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Rename' }).isDisabled()).toBe(true);
      await field.fill('walk_2');
      await page.getByRole('button', { name: 'Rename' }).click();
      await page.getByTestId('trial-walk_2').waitFor();
      expect(await page.getByTestId('trial-walk').count()).toBe(0);
    });

    it('Edit Tags applies tags from the vocabulary (Apply Tags needs at least one)', async () => {
      await page.getByRole('button', { name: 'Trial menu jump' }).click();
      await page.getByRole('menuitem', { name: 'Edit Tags' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('button', { name: 'Apply Tags' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Trial tags').click();
      await page.getByRole('option', { name: 'Walking', exact: true }).click();
      await dialog.getByRole('button', { name: 'Apply Tags' }).click();
      await page.getByTestId('trial-jump').getByText('Walking').waitFor();
    });

    it('trash, restore and delete a trial update the list', async () => {
      await page.getByRole('button', { name: 'Trial menu walk_2' }).click();
      await page.getByRole('menuitem', { name: 'Trash' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByTestId('trial-walk_2').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Session menu' }).click();
      await page.getByRole('menuitem', { name: 'Show removed trials' }).click();
      await page.keyboard.press('Escape');
      const row = page.getByTestId('trial-walk_2');
      await row.getByText('Removed').waitFor();
      await page.getByRole('button', { name: 'Trial menu walk_2' }).click();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual([
        'Rename',
        'Edit Tags',
        'Restore',
        'Delete',
      ]);
      await page.getByRole('menuitem', { name: 'Restore' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await row.getByText('Removed').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Trial menu walk_2' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await row.waitFor({ state: 'detached' });
      const res = await fetch(`${server.url}/api/sessions/${seeded.sessionId}/`, {
        headers: { authorization: `Token ${user.token}` },
      });
      const body = (await res.json()) as { trials: { name: string }[] };
      expect(body.trials.map((t) => t.name).sort()).toEqual(['jump', 'neutral']);
      await screenshot(page, 'session-view-after-delete');
    });

    it('a public session opens read-only for a visitor; a private one does not', async () => {
      const shared = seedProcessedSession(server, {
        userId: user.userId,
        trials: ['squat'],
        videos: 1,
        public: true,
        sessionName: 'public_one',
      });
      const visitor = await browser.newPage({ viewport: PHONE });
      await visitor.goto(`${server.url}/session/${shared.sessionId}`);
      await visitor.getByRole('heading', { name: 'public_one' }).waitFor({ timeout: 60_000 });
      await visitor.getByTestId('visualizer').locator('canvas').waitFor({ timeout: 60_000 });
      expect(await visitor.getByRole('button', { name: 'Session menu' }).count()).toBe(0);
      expect(await visitor.getByRole('button', { name: /Trial menu/ }).count()).toBe(0);
      expect(await visitor.getByTestId('recorder').count()).toBe(0);
      await screenshot(visitor, 'session-view-public-phone');
      await visitor.goto(`${server.url}/session/${seeded.sessionId}`);
      await visitor.getByRole('alert').waitFor({ timeout: 60_000 });
      await visitor.close();
    });

    it('a 401 on loading the session sends the user to Login', async () => {
      const stale = await browser.newPage({ viewport: DESKTOP });
      await loginInBrowser(stale, server, { ...user, token: 'not-a-valid-token' });
      await stale.goto(`${server.url}/session/${seeded.sessionId}`);
      await stale.waitForURL(/\/login$/, { timeout: 60_000 });
      await stale.close();
    });

    it('the legacy trial viewer shows one trial by its id', async () => {
      const jump = seeded.trials.find((t) => t.name === 'jump')!;
      await page.goto(`${server.url}/trial/${jump.id}`);
      await page.getByRole('heading', { name: 'Trial jump' }).waitFor({ timeout: 60_000 });
      await page.getByTestId('visualizer').locator('canvas').waitFor();
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="visualizer"]') as HTMLElement)?.dataset.trials === '1',
      );
      await page.getByRole('button', { name: 'Pause' }).click({ timeout: 20_000 });
    });
  },
);
