import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { repoRoot } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Flags that keep Chromium quiet on a machine without outside network (FINDINGS.md). */
export const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(extraArgs: string[] = [], opts: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...BASE_ARGS, ...extraArgs],
    ...opts,
  });
}

export const artifactsDir = join(repoRoot, 'e2e', '.artifacts');

/** Saves a screenshot under e2e/.artifacts for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Resizes the page and makes its style follow. Seen here in about one run of three: after a full-page screenshot
 * at 1280 px and a resize to 390 px, matchMedia('(min-width:600px)') answered false while the page still wore
 * its 600 px+ CSS (emotion's @media rules: a row layout, a 0 px grid column, 3 px of sideways overflow) for
 * as long as we waited; a resize by another pixel did not help. Changing a media feature (reduced motion) and
 * back makes Chromium evaluate every @media rule again: 0 failures in 16 runs (8 of them switching the media
 * type to print and back instead), against 4 in 8 without.
 */
export async function setViewportSettled(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.emulateMedia({ reducedMotion: null });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** WebGL in headless Chromium without a GPU: SwiftShader (software rendering); videos may autoplay. */
export const SOFTWARE_WEBGL_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--autoplay-policy=no-user-gesture-required',
];
