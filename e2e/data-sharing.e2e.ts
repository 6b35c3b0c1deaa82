/**
 * Issue #27, acceptance 2 in the browser: a public session whose subject chose 'de-identified videos' shows an
 * anonymous visitor the blurred copy as its synced video, never the original; the 3D skeleton stays.
 * The session is seeded as processed (no new processing): its synced video is a demo clip and its blurred copy
 * another clip standing in for the deidentify step's output (the blurring itself is checked on the demo's clips
 * by packages/pipeline's tests and bench:deidentify). What this spec checks is which file reaches the visitor.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createVerifiedUser, type TestUser } from './support/accounts';
import { hasChromium, launchBrowser, PHONE, screenshot, SOFTWARE_WEBGL_ARGS } from './support/browser';
import { hasSeedData, seedProcessedSession, VIDEO_DIR } from './support/seed';
import { startServer, type RunningServer } from './support/server';

const DEIDENTIFIED = 'Share processed data and de-identified videos';
/** The seed's first camera plays cam01.mp4; the stand-in blurred copy is another clip of another size. */
const ORIGINAL = join(VIDEO_DIR, 'cam01.mp4');
const BLURRED = join(VIDEO_DIR, 'cam03.mp4');

describe.skipIf(!hasChromium || !hasSeedData)('data sharing: de-identified videos for visitors', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(SOFTWARE_WEBGL_ARGS);
    user = await createVerifiedUser(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("an anonymous visitor's synced video is the blurred copy, and the original is refused", async () => {
    expect(statSync(BLURRED).size).not.toBe(statSync(ORIGINAL).size);
    const shared = seedProcessedSession(server, {
      userId: user.userId,
      trials: ['squat'],
      videos: 1,
      public: true,
      sessionName: 'deidentified_one',
      dataSharing: DEIDENTIFIED,
      deidentifiedVideo: BLURRED,
    });
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`${server.url}/session/${shared.sessionId}`);
    await visitor.getByRole('heading', { name: 'deidentified_one' }).waitFor({ timeout: 60_000 });
    await visitor.getByTestId('visualizer').locator('canvas').waitFor({ timeout: 60_000 });
    const video = visitor.getByTestId('synced-video');
    await video.waitFor({ timeout: 60_000 });
    expect(await video.count()).toBe(1);
    const src = (await video.evaluate(
      (v) => (v as HTMLVideoElement).currentSrc || (v as HTMLVideoElement).src,
    ))!;
    expect(src).toContain('video-sync-deidentified');
    // The bytes the visitor's video plays are the blurred copy's, and it decodes.
    const served = await visitor.evaluate(
      async (url) => (await (await fetch(url)).arrayBuffer()).byteLength,
      src,
    );
    expect(served).toBe(statSync(BLURRED).size);
    await visitor.waitForFunction(
      () => (document.querySelector('video[data-testid="synced-video"]') as HTMLVideoElement).readyState >= 2,
      undefined,
      { timeout: 60_000 },
    );
    await screenshot(visitor, 'data-sharing-deidentified-visitor-phone');

    // The original's media path (the owner's session data signs it for the owner: a bearer link of theirs,
    // left off here) answers 404 to the visitor.
    const ownerView = (await (
      await fetch(`${server.url}/api/sessions/${shared.sessionId}/`, {
        headers: { authorization: `Token ${user.token}` },
      })
    ).json()) as { trials: { name: string; results: { tag: string; media: string | null }[] }[] };
    const original = ownerView.trials
      .find((t) => t.name === 'squat')!
      .results.find((r) => r.tag === 'video-sync')!.media!;
    expect(original).not.toContain('deidentified');
    const originalPath = original.split('?')[0];
    expect(originalPath).toMatch(/^\/api\/media\/sessions\/.+\/video_sync_cam1\.mp4$/);
    const refused = await visitor.evaluate(async (url) => (await fetch(url)).status, originalPath);
    expect(refused).toBe(404);
    await visitor.close();
  });
});
