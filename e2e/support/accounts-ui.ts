import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, setViewportSettled } from './browser';
import { expectNoSidewaysOverflow } from './routes';
import { repoRoot, type RunningServer } from './server';

/**
 * Screenshots a screen at 390 px and 1280 px (e2e/.artifacts/accounts-<name>-phone|desktop.png) and checks that
 * nothing overflows sideways (a cut-off or overlapping layout usually shows as horizontal overflow).
 */
export async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await setViewportSettled(page, size);
    await expectNoSidewaysOverflow(page, `accounts-${name}-${label}`);
    await screenshot(page, `accounts-${name}-${label}`);
  }
}

export const path = (page: Page) => new URL(page.url()).pathname;

export async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === expected, { timeout: 30_000 });
}

/**
 * SelectSession, where a verified user lands; a user with zero sessions is sent on to Step1 (ConnectDevices,
 * SPEC §2), so either path proves the login went through.
 */
export async function waitForSessionList(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname === '/sessions' || u.pathname === '/connect-devices', {
    timeout: 30_000,
  });
}

export async function loginViaForm(
  page: Page,
  server: RunningServer,
  username: string,
  password: string,
  remember = false,
) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(/^Username or email/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  if (remember) await page.getByLabel('Remember this device for 90 days').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export function setUserColumn(server: RunningServer, username: string, column: string, value: string): void {
  const db = new Database(join(server.dataDir, 'poselab.sqlite'));
  try {
    db.prepare(`update users set ${column} = ? where username = ?`).run(value, username);
  } finally {
    db.close();
  }
}

/** True when a built web app folder is whole: index.html, its assets, every chunk they import, the docs. */
function webDistComplete(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index) || !existsSync(join(dir, 'docs', 'faq.html'))) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (m) => m[1],
  );
  if (refs.length === 0 || !refs.every((r) => existsSync(join(dir, r)))) return false;
  const assets = join(dir, 'assets');
  for (const f of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    for (const m of readFileSync(join(assets, f), 'utf8').matchAll(/["']\.\/([\w.-]+\.js)["']/g)) {
      if (!existsSync(join(assets, m[1]))) return false;
    }
  }
  return true;
}

/**
 * A private copy of apps/web/dist for this file's server (WEB_DIST). Other browser-test runs rebuild the shared
 * folder in their global setup; a server reading it mid-build answers 404s. Retries until a whole build is
 * copied.
 */
export async function snapshotWebDist(): Promise<{ dir: string; remove: () => void }> {
  const src = join(repoRoot, 'apps', 'web', 'dist');
  for (let attempt = 0; attempt < 120; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'poselab-web-'));
    try {
      cpSync(src, dir, { recursive: true });
      if (webDistComplete(dir)) return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
    } catch {
      // The folder changed while copying; try again.
    }
    rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('apps/web/dist never held a complete build');
}
