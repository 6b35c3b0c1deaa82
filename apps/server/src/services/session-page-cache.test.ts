import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionPage } from '@poselab/contract';
import { seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { SessionPageCache, sessionPageCache } from './session-page-cache';

let t: TestApp;
let auth: string;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  const u = await createUserWithToken(t.deps);
  auth = u.authorization;
  userId = u.user.id;
});
afterEach(async () => {
  await t.close();
});

const firstPage = async (): Promise<SessionPage> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/valid/',
    headers: { authorization: auth },
    payload: { start: 0, quantity: 40 },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<SessionPage>();
};
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: auth }, payload });

describe('the session list is reused until something it shows changes', () => {
  it('serves a built page again, and never after a change made by any route or straight in the database', async () => {
    const subjectId = await seedSubject(t.deps, userId, { name: 'Ada' });
    const sessionId = await seedSession(t.deps, userId, { name: 'first', subjectId });
    const before = await firstPage();
    expect(before.sessions[0]).toMatchObject({ name: 'Ada', trials_count: 0, public: false });
    expect(sessionPageCache(t.deps)?.size).toBe(1);
    expect(await firstPage()).toEqual(before);
    expect(sessionPageCache(t.deps)?.size).toBe(1);

    // Each change below must show at once.
    const trialId = await seedTrial(t.deps, sessionId, { name: 'walk' });
    expect((await firstPage()).sessions[0].trials_count).toBe(1);
    expect((await post(`/trials/${trialId}/trash/`)).statusCode).toBe(200);
    expect((await firstPage()).sessions[0].trials_count).toBe(0);
    expect((await post(`/sessions/${sessionId}/rename/`, { sessionNewName: 'renamed' })).statusCode).toBe(
      200,
    );
    expect((await firstPage()).sessions[0].meta.sessionName).toBe('renamed');
    await t.deps.db.updateTable('subjects').set({ name: 'Grace' }).where('id', '=', subjectId).execute();
    expect((await firstPage()).sessions[0].name).toBe('Grace');
    await t.deps.db.updateTable('sessions').set({ public: 1 }).where('id', '=', sessionId).execute();
    expect((await firstPage()).sessions[0].public).toBe(true);
    await seedSession(t.deps, userId, {
      name: 'second',
      createdAt: new Date(Date.now() + 1000).toISOString(),
    });
    const after = await firstPage();
    expect(after.total).toBe(2);
    expect(after.sessions.map((s) => s.meta.sessionName)).toEqual(['second', 'renamed']);
    await t.deps.db.deleteFrom('subjects').where('id', '=', subjectId).execute();
    expect((await firstPage()).sessions.find((x) => x.id === sessionId)?.name).toBeNull();
    await t.deps.db.deleteFrom('trials').where('id', '=', trialId).execute();
    await t.deps.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    expect((await firstPage()).total).toBe(1);
  });

  it("does not mix users' pages, and trial progress does not invalidate them", async () => {
    const other = await createUserWithToken(t.deps);
    const mine = await seedSession(t.deps, userId, { name: 'mine' });
    await seedSession(t.deps, other.user.id, { name: 'theirs' });
    const trialId = await seedTrial(t.deps, mine, { name: 'run' });
    expect((await firstPage()).sessions.map((s) => s.meta.sessionName)).toEqual(['mine']);
    const version = async () =>
      (
        await t.deps.db
          .selectFrom('session_list_versions')
          .select('version')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.version;
    const v = await version();
    await t.deps.db
      .updateTable('trials')
      .set({ progress_percent: 50, progress_message: 'Keypoints' })
      .where('id', '=', trialId)
      .execute();
    expect(await version()).toBe(v);
  });

  it('builds every page on request with SESSION_LIST_CACHE=0', async () => {
    await t.close();
    t = await createTestApp({ SESSION_LIST_CACHE: '0' });
    const u = await createUserWithToken(t.deps);
    auth = u.authorization;
    await seedSession(t.deps, u.user.id, { name: 'only' });
    expect((await firstPage()).sessions[0].meta.sessionName).toBe('only');
    expect(sessionPageCache(t.deps)).toBeNull();
  });

  it('keeps at most its size in pages, dropping the least recently used', () => {
    const cache = new SessionPageCache(2);
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1');
    cache.set('c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual(['1', '3', 2]);
  });
});
