import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedUser, loginInBrowser, type TestUser } from './support/accounts';
import {
  DESKTOP,
  hasChromium,
  launchBrowser,
  PHONE,
  screenshot,
  setViewportSettled,
} from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** Inserts `n` sessions for the user straight into the server's SQLite file (WAL: the server sees them at once). */
function seedSessions(server: RunningServer, userId: string, n: number): string[] {
  const db = new Database(join(server.dataDir, 'poselab.sqlite'));
  db.pragma('busy_timeout = 5000');
  const ids: string[] = [];
  const base = Date.parse('2026-01-01T12:00:00Z');
  try {
    const insert = db.prepare(
      `insert into sessions (id, user_id, subject_id, meta, public, trashed, trashed_at, pairing_secret,
        calibration_session_id, created_at, updated_at) values (?, ?, null, ?, 0, 0, null, ?, null, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const id = randomUUID();
        const at = new Date(base + i * 3_600_000).toISOString();
        insert.run(
          id,
          userId,
          JSON.stringify({ sessionName: `seeded_${String(i).padStart(2, '0')}` }),
          randomUUID(),
          at,
          at,
        );
        ids.push(id);
      }
    })();
  } finally {
    db.close();
  }
  return ids;
}

async function api<T>(
  server: RunningServer,
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      authorization: `Token ${user.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function rowAction(page: Page, rowText: string, item: string) {
  await rowOf(page, rowText)
    .getByRole('button', { name: /^Actions for session/ })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe.skipIf(!hasChromium)('data management in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: TestUser;
  let page: Page;
  let sessionIds: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = await createVerifiedUser(server, { unit: 'imperial' });
    sessionIds = seedSessions(server, user.userId, 45);
    page = await browser.newPage({ viewport: DESKTOP });
    await loginInBrowser(page, server, user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(`an imperial user creates a subject of 5'6" and 150 lbs, stored as 1.6764 m and 68.04 kg`, async () => {
    await page.goto(`${server.url}/subjects`);
    await page
      .getByRole('heading', { name: 'Subjects' })
      .waitFor({ timeout: 90_000 })
      .catch(async (e: unknown) => {
        await screenshot(page, 'data-debug');
        throw new Error(`${page.url()}: ${String(e)}`);
      });
    await page.getByRole('button', { name: 'New Subject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: false }).first().fill('Jordan');
    await dialog.getByLabel(/^Weight/).fill('150');
    await dialog.getByLabel(/^Height/).fill(`5'6"`);
    await dialog.getByLabel(/^Birth year/).fill('1988');
    await dialog.getByLabel(/^Subject tags/).click();
    await page.getByRole('option', { name: 'Unimpaired' }).click();
    // The list stays open for more tags (issue #29); Escape closes it, not the dialog.
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByRole('checkbox', { name: /informed consent/ }).check();
    await screenshot(page, 'data-subject-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rowOf(page, 'Jordan');
    await row.waitFor();
    expect(await row.textContent()).toContain('150 lbs');
    expect(await row.textContent()).toContain(`5'6"`);
    const { json } = await api<{ subjects: Array<{ name: string; weight: number; height: number }> }>(
      server,
      user,
      'GET',
      '/subjects/?quantity=-1',
    );
    expect(json.subjects).toEqual([
      expect.objectContaining({ name: 'Jordan', weight: 68.04, height: 1.6764 }),
    ]);
    await screenshot(page, 'data-subjects-desktop');
  });

  it('lists 45 seeded sessions over 2 pages of 40', async () => {
    await page.goto(`${server.url}/sessions`);
    await page.getByText('1–40 of 45').waitFor();
    expect(await page.getByRole('table', { name: 'Sessions' }).getByRole('row').count()).toBe(41);
    await expect.poll(() => rowOf(page, 'seeded_44').count()).toBe(1);
    await screenshot(page, 'data-sessions-page1');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('41–45 of 45').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Sessions' }).getByRole('row').count()).toBe(6);
    await rowOf(page, 'seeded_00').waitFor();
    await setViewportSettled(page, PHONE);
    await screenshot(page, 'data-sessions-phone');
    await setViewportSettled(page, DESKTOP);
  });

  it('renames a session, trashes it, restores it from the recycle bin, trashes it again and empties the bin', async () => {
    await page.goto(`${server.url}/sessions`);
    await rowOf(page, 'seeded_44').waitFor();
    await rowAction(page, 'seeded_44', 'Rename');
    const rename = page.getByRole('dialog');
    await rename.getByLabel('Session name').fill('bad name');
    expect(await rename.getByRole('button', { name: 'Rename' }).isDisabled()).toBe(true);
    await rename.getByLabel('Session name').fill('knee_study-1');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rowOf(page, 'knee_study-1').waitFor();
    const renamedId = sessionIds[44];
    expect(
      (await api<{ meta: { sessionName: string } }>(server, user, 'GET', `/sessions/${renamedId}/`)).json.meta
        .sessionName,
    ).toBe('knee_study-1');

    await rowAction(page, 'knee_study-1', 'Trash');
    await page.getByText('1–40 of 44').waitFor();
    expect(await rowOf(page, 'knee_study-1').count()).toBe(0);

    await page.getByRole('button', { name: 'Recycle Bin' }).click();
    await page.getByRole('heading', { name: 'Recycle Bin' }).waitFor();
    await rowOf(page, 'knee_study-1').click();
    await page.getByRole('table', { name: 'Trials' }).waitFor();
    await screenshot(page, 'data-recycle-bin');
    await rowAction(page, 'knee_study-1', 'Restore');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('No sessions.').waitFor();

    await page.getByRole('button', { name: 'Go back to sessions list' }).click();
    await rowOf(page, 'knee_study-1').waitFor();
    await rowAction(page, 'knee_study-1', 'Trash');
    await page.getByText('1–40 of 44').waitFor();

    await page.getByRole('button', { name: 'Recycle Bin' }).click();
    await rowOf(page, 'knee_study-1').waitFor();
    await page.getByRole('button', { name: 'Empty Recycle Bin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('No sessions.').waitFor();
    expect((await api(server, user, 'GET', `/sessions/${renamedId}/`)).status).toBe(404);
    const list = await api<{ total: number }>(server, user, 'POST', '/sessions/valid/', {
      start: 0,
      include_trashed: true,
    });
    expect(list.json.total).toBe(44);
  });

  it('a double click opens a session; Downloads shows an empty report list', async () => {
    await page.goto(`${server.url}/sessions`);
    const row = rowOf(page, 'seeded_43');
    await row.waitFor();
    await row.dblclick();
    await page.waitForURL(`**/session/${sessionIds[43]}`);
    await page.goto(`${server.url}/downloads`);
    await page.getByText('No comparison reports yet.').waitFor();
    for (const h of ['File', 'State', 'Actions'])
      expect(await page.getByRole('columnheader', { name: h }).count()).toBe(1);
  });
});
