import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairTestPhone, type TestPhone } from '../capture/test-phones';
import { createUserWithToken } from '../test/fixtures';
import { seedTrial } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { RemovalService } from './removal.service';

const HOUR = 3_600_000;
let t: TestApp;
let auth: string;
const phones: TestPhone[] = [];

beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-01T08:00:00Z'));
  auth = (await createUserWithToken(t.deps)).authorization;
});
afterEach(async () => {
  for (const p of phones.splice(0)) p.ws.terminate();
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
async function list(body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/valid/',
    headers: { authorization: auth },
    payload: { start: 0, quantity: 40, ...body },
  });
  expect(res.statusCode).toBe(200);
  const json = res.json<{ sessions: Array<{ id: string }>; total: number }>();
  return { ids: json.sessions.map((s) => s.id).sort(), total: json.total };
}
async function newSession(): Promise<{ id: string; secret: string }> {
  const [s] = (await get('/api/sessions/new/')).json<Array<{ id: string }>>();
  const row = await t.deps.db
    .selectFrom('sessions')
    .select('pairing_secret')
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow();
  return { id: s.id, secret: row.pairing_secret };
}
const exists = async (id: string) =>
  Boolean(await t.deps.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst());

describe('empty sessions (no phone, trial or name)', () => {
  it('stay out of the lists and their totals until a phone pairs, a trial is recorded or a name is set', async () => {
    // Each is made non-empty before the next is asked for: an empty one is handed out again (below).
    const paired = await newSession();
    expect(await list()).toEqual({ ids: [], total: 0 });
    const phone = await pairTestPhone(t, paired);
    phones.push(phone);
    const named = await newSession();
    expect(
      (await get(`/api/sessions/${named.id}/set_metadata/?settings_session_name=squats`)).statusCode,
    ).toBe(200);
    const withTrial = await newSession();
    await seedTrial(t.deps, withTrial.id);
    const renamed = await newSession();
    const rename = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${renamed.id}/rename/`,
      headers: { authorization: auth },
      payload: { sessionNewName: 'jumps' },
    });
    expect(rename.statusCode).toBe(200);
    const empty = await newSession();

    const shown = [paired.id, named.id, withTrial.id, renamed.id].sort();
    expect(await list()).toEqual({ ids: shown, total: 4 });
    expect(await list({ include_trashed: true })).toEqual({ ids: shown, total: 4 });
    expect((await list()).ids).not.toContain(empty.id);
    // Still reachable by its own address while the user works on it.
    expect((await get(`/api/sessions/${empty.id}/`)).statusCode).toBe(200);
  });

  it('lists a same-setup session as soon as the phones move over to it', async () => {
    const first = await newSession();
    phones.push(await pairTestPhone(t, first));
    const next = await get(`/api/sessions/${first.id}/new_subject/`);
    expect(next.statusCode).toBe(200);
    expect((await list()).ids).toContain(next.json<{ id: string }>().id);
  });

  it('are handed out again by sessions/new, afresh, instead of piling up (issue #29)', async () => {
    const first = await newSession();
    expect(
      (await get(`/api/sessions/${first.id}/set_metadata/?cb_rows=7&cb_cols=9&cb_square_size=40`)).statusCode,
    ).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 5 * HOUR));
    const visits = [await newSession(), await newSession(), await newSession()];
    expect(visits.map((v) => v.id)).toEqual([first.id, first.id, first.id]);
    const row = await t.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.meta)).toEqual({ settings: { framerate: 60 } });
    expect(row.created_at).toBe(t.clock.now().toISOString());
    expect(await t.deps.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    // Once it has a trial it is a real session: the next visit gets a new one; nor is a trashed one reused.
    await seedTrial(t.deps, first.id);
    const second = await newSession();
    expect(second.id).not.toBe(first.id);
    await t.deps.db.updateTable('sessions').set({ trashed: 1 }).where('id', '=', second.id).execute();
    expect((await newSession()).id).not.toBe(second.id);
    // Another user's empty session is never handed out.
    const other = (await createUserWithToken(t.deps)).authorization;
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/new/',
      headers: { authorization: other },
    });
    expect(theirs.json<Array<{ id: string }>>()[0].id).not.toBe(second.id);
  });

  it('are removed by the retention job 24 hours after creation; listed ones stay', async () => {
    const kept = await newSession();
    await seedTrial(t.deps, kept.id);
    const old = await newSession();
    t.clock.set(new Date(t.clock.now().getTime() + 2 * HOUR));
    // A second user's: one user has one empty session at most (handed out again).
    const otherAuth = (await createUserWithToken(t.deps)).authorization;
    const young = (
      await t.app.inject({ method: 'GET', url: '/api/sessions/new/', headers: { authorization: otherAuth } })
    ).json<Array<{ id: string }>>()[0];

    t.clock.set(new Date(t.clock.now().getTime() + 23 * HOUR));
    expect(await new RemovalService(t.deps).removeEmptySessions()).toBe(1);
    expect(await exists(old.id)).toBe(false);
    expect(await exists(young.id)).toBe(true);
    expect(await exists(kept.id)).toBe(true);

    t.clock.set(new Date(t.clock.now().getTime() + 2 * HOUR));
    expect(await new RemovalService(t.deps).removeEmptySessions()).toBe(1);
    expect(await exists(young.id)).toBe(false);
    expect(await exists(kept.id)).toBe(true);
  });
});
