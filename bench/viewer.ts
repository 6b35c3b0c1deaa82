/**
 * Frames per second of the 3D visualizer showing 8 trials at once, in headless Chromium.
 *
 * Starts the real server with a fresh DATA_DIR, seeds a session with 8 processed trials (transforms from
 * ../shared/data), opens the Session page, ticks all 8 trials and counts rendered frames (the visualizer draws
 * once per animation frame) while playback runs. Without a GPU, Chromium's WebGL is SwiftShader (software).
 *
 * Env: BENCH_TRIALS (default 8), BENCH_SECONDS (default 6), BENCH_SKIP_BUILD=1 to reuse apps/web/dist, CHROMIUM_PATH.
 * Prints one JSON line: {"fps": <auto quality>, "fps_high_quality": n, ...}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from '../e2e/support/accounts';
import { artifactsDir, DESKTOP, launchBrowser } from '../e2e/support/browser';
import { hasSeedData, seedProcessedSession, SHARED_DATA, type SeededSession } from '../e2e/support/seed';
import { repoRoot, startServer, type RunningServer } from '../e2e/support/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 8);
const WEBGL_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];

async function measure(
  browser: Browser,
  server: RunningServer,
  user: TestUser,
  seeded: SeededSession,
  quality: 'auto' | 'high',
) {
  const page = await browser.newPage({ viewport: DESKTOP });
  await loginInBrowser(page, server, user);
  await page.goto(`${server.url}/session/${seeded.sessionId}?quality=${quality}`);
  await page.getByTestId('visualizer').locator('canvas').waitFor({ timeout: 60_000 });
  // Tick every trial that is not shown yet (the newest is shown by default).
  for (const t of seeded.trials) {
    const box = page.getByRole('checkbox', { name: `Show ${t.name} in the viewer` });
    if (!(await box.isChecked())) await box.check();
  }
  await page.waitForFunction(
    (n) => {
      const el = document.querySelector('[data-testid="visualizer"]') as HTMLElement | null;
      return el?.dataset.trials === String(n) && el.dataset.playing === 'true';
    },
    TRIALS,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(1500); // warm-up: shader compilation, first shadow pass
  const result = await page.evaluate(async (seconds) => {
    const el = document.querySelector('[data-testid="visualizer"]') as HTMLElement;
    const canvas = el.querySelector('canvas') as HTMLCanvasElement;
    let frames = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < seconds * 1000) {
      await new Promise((r) => requestAnimationFrame(r));
      frames++;
    }
    const gl = canvas.getContext('webgl2') as WebGL2RenderingContext;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return {
      fps: frames / ((performance.now() - t0) / 1000),
      renderer: String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)),
      canvas: `${canvas.width}x${canvas.height}`,
      quality: el.dataset.quality ?? '',
      trials: Number(el.dataset.trials),
    };
  }, SECONDS);
  // A picture of the 8 skeletons for a person to look at (e2e/.artifacts is git-ignored).
  mkdirSync(artifactsDir, { recursive: true });
  await page
    .getByTestId('visualizer')
    .screenshot({ path: join(artifactsDir, `viewer-${TRIALS}-trials-${quality}.png`) });
  await page.close();
  return result;
}

async function main(): Promise<void> {
  if (!hasSeedData) throw new Error(`bench:viewer needs the test data under ${SHARED_DATA}`);
  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error('web build failed');
  }
  const server = await startServer();
  const browser = await launchBrowser(WEBGL_ARGS);
  try {
    const user = await createVerifiedUser(server);
    const names = Array.from({ length: TRIALS - 1 }, (_, i) => `trial_${i + 1}`);
    // No videos: this measures the 3D view itself (video decoding would share the same CPU cores).
    const seeded = seedProcessedSession(server, { userId: user.userId, trials: names, videos: 0 });
    const auto = await measure(browser, server, user, seeded, 'auto');
    const high = await measure(browser, server, user, seeded, 'high');
    if (auto.trials !== TRIALS || high.trials !== TRIALS)
      throw new Error(`expected ${TRIALS} trials in view`);
    console.log(
      JSON.stringify({
        fps: Number(auto.fps.toFixed(1)),
        quality: auto.quality,
        fps_high_quality: Number(high.fps.toFixed(1)),
        trials: TRIALS,
        canvas: auto.canvas,
        renderer: auto.renderer,
        seconds: SECONDS,
        target_fps: 55,
        cpu_cores: cpus().length,
        load_average_1m: Number(loadavg()[0].toFixed(1)),
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
