import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../test/fixtures';
import { seedMedia, seedSession, seedTrial } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let auth: string;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  const u = await createUserWithToken(t.deps);
  auth = u.authorization;
  userId = u.user.id;
});
afterEach(async () => t.close());

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: auth }, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}
const bin = async () => {
  const page = await call('POST', '/sessions/valid/', { start: 0, quantity: 40, only_trashed: true });
  return {
    total: page.total as number,
    rows: (page.sessions as Array<{ id: string; trashed: boolean; trials_count: number }>)
      .map((s) => ({ id: s.id, trashed: s.trashed, trials_count: s.trials_count }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
};
const exists = async (table: 'sessions' | 'trials', id: string) =>
  Boolean(await t.deps.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());

describe('recycle bin (SPEC §2, §4 trash and restore)', () => {
  it('lists sessions that are not trashed but hold trashed trials, so each trashed trial can be restored', async () => {
    const active = await seedSession(t.deps, userId, { name: 'active' });
    const walk = await seedTrial(t.deps, active, { name: 'walk' });
    await seedTrial(t.deps, active, { name: 'run' });
    const untouched = await seedSession(t.deps, userId, { name: 'untouched' });
    await seedTrial(t.deps, untouched);
    expect(await bin()).toEqual({ total: 0, rows: [] });

    await call('POST', `/trials/${walk}/trash/`);
    expect(await bin()).toEqual({ total: 1, rows: [{ id: active, trashed: false, trials_count: 1 }] });
    // The session's own view lists the trashed trial for the owner, to restore it from the bin.
    const session = await call('GET', `/sessions/${active}/`);
    expect(session.trials.find((x: { id: string }) => x.id === walk)).toMatchObject({ trashed: true });

    await call('POST', `/trials/${walk}/restore/`);
    expect(await bin()).toEqual({ total: 0, rows: [] });
    expect((await call('GET', `/trials/${walk}/`)).trashed).toBe(false);
  });

  it('holds trashed sessions with all their trials, and deletes a trashed trial for good', async () => {
    const gone = await seedSession(t.deps, userId);
    await seedTrial(t.deps, gone);
    await seedTrial(t.deps, gone, { trashedAt: new Date().toISOString() });
    await call('POST', `/sessions/${gone}/trash/`);
    const active = await seedSession(t.deps, userId);
    const jump = await seedTrial(t.deps, active, { name: 'jump' });
    const key = await seedMedia(t.deps, active, jump);
    await call('POST', `/trials/${jump}/trash/`);
    expect((await bin()).rows).toEqual(
      [
        { id: gone, trashed: true, trials_count: 2 },
        { id: active, trashed: false, trials_count: 1 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    await call('POST', `/trials/${jump}/permanent_remove/`);
    expect(await exists('trials', jump)).toBe(false);
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect((await bin()).rows.map((r) => r.id)).toEqual([gone]);
  });

  it('Empty Recycle Bin deletes trashed sessions and loose trashed trials, and nothing else', async () => {
    const gone = await seedSession(t.deps, userId);
    const goneTrial = await seedTrial(t.deps, gone);
    await call('POST', `/sessions/${gone}/trash/`);
    const active = await seedSession(t.deps, userId);
    const keep = await seedTrial(t.deps, active, { name: 'keep' });
    const drop = await seedTrial(t.deps, active, { name: 'drop' });
    await call('POST', `/trials/${drop}/trash/`);
    const other = await seedSession(t.deps, userId);
    const otherUser = await createUserWithToken(t.deps);
    const foreign = await seedSession(t.deps, otherUser.user.id);
    const foreignTrial = await seedTrial(t.deps, foreign, { trashedAt: new Date().toISOString() });

    expect(await call('POST', '/recycle-bin/empty/')).toEqual({ sessions: 1, trials: 1, kept: 0 });
    expect(await exists('sessions', gone)).toBe(false);
    expect(await exists('trials', goneTrial)).toBe(false);
    expect(await exists('trials', drop)).toBe(false);
    expect(await exists('trials', keep)).toBe(true);
    expect(await exists('sessions', active)).toBe(true);
    expect(await exists('sessions', other)).toBe(true);
    expect(await exists('trials', foreignTrial)).toBe(true);
    expect(await bin()).toEqual({ total: 0, rows: [] });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/recycle-bin/empty/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
