import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionPage, Session } from '@poselab/contract';
import { createUserWithToken } from '../test/fixtures';
import { seedMedia, seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
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
afterEach(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });

async function seedMany(n: number, extra: { subjectId?: string } = {}) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await seedSession(t.deps, userId, {
        name: `session_${String(i).padStart(2, '0')}`,
        createdAt: new Date(base + i * 60_000).toISOString(),
        ...extra,
      }),
    );
  }
  return ids;
}

describe('POST /sessions/valid/ (paged form)', () => {
  it('pages 40 with the total, newest first, and the second page holds the rest', async () => {
    const ids = await seedMany(45);
    const first = await call('POST', '/sessions/valid/', auth, {
      start: 0,
      quantity: 40,
      sort: 'created_at',
      sort_desc: true,
      include_trashed: false,
    });
    expect(first.statusCode).toBe(200);
    const p1 = first.json<SessionPage>();
    expect(p1.total).toBe(45);
    expect(p1.sessions).toHaveLength(40);
    expect(p1.sessions[0].id).toBe(ids[44]);
    expect(p1.sessions[0].meta.sessionName).toBe('session_44');
    expect(p1.sessions[39].id).toBe(ids[5]);
    const p2 = (
      await call('POST', '/sessions/valid/', auth, { start: 40, quantity: 40 })
    ).json<SessionPage>();
    expect(p2.total).toBe(45);
    expect(p2.sessions.map((s) => s.id)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
  });

  it('sorts by name ascending and by trial count, with the subject name and trial count', async () => {
    const subjectId = await seedSubject(t.deps, userId, { name: 'Zoe' });
    const [a, b] = await seedMany(3, { subjectId });
    await seedTrial(t.deps, a);
    await seedTrial(t.deps, a);
    await seedTrial(t.deps, a, { trashedAt: t.deps.clock.now().toISOString() });
    await seedTrial(t.deps, b);
    const byName = (
      await call('POST', '/sessions/valid/', auth, { start: 0, sort: 'name', sort_desc: false })
    ).json<SessionPage>();
    expect(byName.sessions.map((s) => s.meta.sessionName)).toEqual([
      'session_00',
      'session_01',
      'session_02',
    ]);
    expect(byName.sessions[0]).toMatchObject({ name: 'Zoe', subject_id: subjectId, trials_count: 2 });
    const byTrials = (
      await call('POST', '/sessions/valid/', auth, { start: 0, sort: 'trials_count', sort_desc: true })
    ).json<SessionPage>();
    expect(byTrials.sessions.map((s) => s.trials_count)).toEqual([2, 1, 0]);
  });

  it('hides trashed sessions unless include_trashed; only_trashed lists the recycle bin', async () => {
    const [a, b] = await seedMany(3);
    await call('POST', `/sessions/${a}/trash/`, auth);
    const active = (await call('POST', '/sessions/valid/', auth, { start: 0 })).json<SessionPage>();
    expect(active.total).toBe(2);
    expect(active.sessions.some((s) => s.id === a)).toBe(false);
    const all = (
      await call('POST', '/sessions/valid/', auth, { start: 0, include_trashed: true })
    ).json<SessionPage>();
    expect(all.total).toBe(3);
    const bin = (
      await call('POST', '/sessions/valid/', auth, { start: 0, only_trashed: true })
    ).json<SessionPage>();
    expect(bin.sessions.map((s) => [s.id, s.trashed])).toEqual([[a, true]]);
    expect(bin.sessions[0].trashed_at).toBeTruthy();
    expect(b).toBeTruthy();
  });

  it('filters by subject and searches by session name or id', async () => {
    const subjectId = await seedSubject(t.deps, userId);
    const mine = await seedMany(2, { subjectId });
    await seedMany(3);
    const bySubject = (
      await call('POST', '/sessions/valid/', auth, { start: 0, subject_id: subjectId })
    ).json<SessionPage>();
    expect(bySubject.total).toBe(2);
    expect(new Set(bySubject.sessions.map((s) => s.id))).toEqual(new Set(mine));
    const byName = (
      await call('POST', '/sessions/valid/', auth, { start: 0, search: 'SION_02' })
    ).json<SessionPage>();
    expect(byName.total).toBe(1);
    expect(byName.sessions[0].meta.sessionName).toBe('session_02');
    const byId = (
      await call('POST', '/sessions/valid/', auth, { start: 0, search: mine[1].slice(0, 8) })
    ).json<SessionPage>();
    expect(byId.sessions.map((s) => s.id)).toEqual([mine[1]]);
    const none = (
      await call('POST', '/sessions/valid/', auth, { start: 0, search: '%' })
    ).json<SessionPage>();
    expect(none.total).toBe(0);
  });

  it("never lists another user's sessions, and needs a login", async () => {
    await seedMany(2);
    const other = await createUserWithToken(t.deps);
    const page = (
      await call('POST', '/sessions/valid/', other.authorization, { start: 0 })
    ).json<SessionPage>();
    expect(page).toEqual({ sessions: [], total: 0 });
    expect((await call('POST', '/sessions/valid/', undefined, { start: 0 })).statusCode).toBe(401);
  });
});

describe('POST /sessions/valid/ (subject form)', () => {
  it("lists a subject's sessions with trials; skip_no_trials keeps those with a finished movement trial", async () => {
    const subjectId = await seedSubject(t.deps, userId, { name: 'Ann' });
    const withTrial = await seedSession(t.deps, userId, { subjectId });
    const onlyNeutral = await seedSession(t.deps, userId, { subjectId });
    await seedTrial(t.deps, withTrial, { name: 'walk_1' });
    await seedTrial(t.deps, onlyNeutral, { name: 'neutral' });
    const all = (
      await call('POST', '/sessions/valid/', auth, { subject_id: subjectId, skip_no_trials: false })
    ).json<Session[]>();
    expect(all).toHaveLength(2);
    const skipped = (
      await call('POST', '/sessions/valid/', auth, { subject_id: subjectId, skip_no_trials: true })
    ).json<Session[]>();
    expect(skipped.map((s) => s.id)).toEqual([withTrial]);
    expect(skipped[0].trials.map((x) => x.name)).toEqual(['walk_1']);
    expect(skipped[0].name).toBe('Ann');
  });

  it('adds a public session for a visitor, never a private one', async () => {
    const pub = await seedSession(t.deps, userId, { isPublic: true });
    const priv = await seedSession(t.deps, userId);
    const visitor = await call('POST', '/sessions/valid/', undefined, {
      subject_id: null,
      skip_no_trials: false,
      public_session_id: pub,
    });
    expect(visitor.json<Session[]>().map((s) => [s.id, s.is_owner])).toEqual([[pub, false]]);
    const denied = await call('POST', '/sessions/valid/', undefined, {
      subject_id: null,
      skip_no_trials: false,
      public_session_id: priv,
    });
    expect(denied.json()).toEqual([]);
  });
});

describe('one session', () => {
  it('GET answers the session with trials (trashed ones for the owner)', async () => {
    const id = await seedSession(t.deps, userId, { name: 'lab_day' });
    await seedTrial(t.deps, id, { name: 'walk' });
    t.clock.advance(1000);
    await seedTrial(t.deps, id, { name: 'old', trashedAt: t.deps.clock.now().toISOString() });
    const res = await call('GET', `/sessions/${id}/`, auth);
    expect(res.statusCode).toBe(200);
    const s = res.json<Session>();
    expect(s.meta.sessionName).toBe('lab_day');
    expect(s.is_owner).toBe(true);
    expect(s.trials.map((x) => [x.name, x.trashed])).toEqual([
      ['walk', false],
      ['old', true],
    ]);
    expect(s.trials_count).toBe(1);
  });

  it('renames (alpha_dash_custom, required) and stores meta.sessionName', async () => {
    const id = await seedSession(t.deps, userId);
    const ok = await call('POST', `/sessions/${id}/rename/`, auth, { sessionNewName: 'Knee-Study_2' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().meta.sessionName).toBe('Knee-Study_2');
    const bad = await call('POST', `/sessions/${id}/rename/`, auth, { sessionNewName: 'with space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sessionNewName).toEqual([
      'Only alphanumeric, hyphen and underscore characters allowed.',
    ]);
    const empty = await call('POST', `/sessions/${id}/rename/`, auth, { sessionNewName: '' });
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', `/sessions/${id}/`, auth)).json().meta.sessionName).toBe('Knee-Study_2');
  });

  it('trash, restore and permanent_remove (media deleted)', async () => {
    const id = await seedSession(t.deps, userId);
    const trial = await seedTrial(t.deps, id);
    const key = await seedMedia(t.deps, id, trial);
    const trashed = await call('POST', `/sessions/${id}/trash/`, auth);
    expect(trashed.json()).toMatchObject({ id, trashed: true });
    const restored = await call('POST', `/sessions/${id}/restore/`, auth);
    expect(restored.json()).toMatchObject({ id, trashed: false, trashed_at: null, trials_count: 1 });
    await call('POST', `/sessions/${id}/trash/`, auth);
    const removed = await call('POST', `/sessions/${id}/permanent_remove/`, auth);
    expect(removed.statusCode).toBe(200);
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect((await call('GET', `/sessions/${id}/`, auth)).statusCode).toBe(404);
    expect(
      await t.deps.db.selectFrom('trials').select('id').where('id', '=', trial).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('PATCH sets the public flag; a public session is readable by others but not writable', async () => {
    const id = await seedSession(t.deps, userId, { name: 'shared' });
    const trial = await seedTrial(t.deps, id);
    await seedTrial(t.deps, id, { name: 'hidden', trashedAt: t.deps.clock.now().toISOString() });
    const other = await createUserWithToken(t.deps);
    expect((await call('GET', `/sessions/${id}/`, other.authorization)).statusCode).toBe(404);
    const patched = await call('PATCH', `/sessions/${id}/`, auth, { public: true });
    expect(patched.json().public).toBe(true);
    for (const viewer of [other.authorization, undefined]) {
      const res = await call('GET', `/sessions/${id}/`, viewer);
      expect(res.statusCode).toBe(200);
      const s = res.json<Session>();
      expect(s.is_owner).toBe(false);
      expect(s.qrcode).toBeNull();
      expect(s.trials.map((x) => x.name)).not.toContain('hidden');
      expect((await call('GET', `/trials/${trial}/`, viewer)).statusCode).toBe(200);
    }
    const writes: Array<['POST' | 'PATCH', string, object | undefined]> = [
      ['PATCH', `/sessions/${id}/`, { public: false }],
      ['POST', `/sessions/${id}/rename/`, { sessionNewName: 'x' }],
      ['POST', `/sessions/${id}/trash/`, undefined],
      ['POST', `/sessions/${id}/restore/`, undefined],
      ['POST', `/sessions/${id}/permanent_remove/`, undefined],
      ['POST', `/trials/${trial}/rename/`, { trialNewName: 'x' }],
      ['POST', `/trials/${trial}/modifyTags/`, { trialNewTags: ['walking'] }],
      ['POST', `/trials/${trial}/trash/`, undefined],
      ['POST', `/trials/${trial}/permanent_remove/`, undefined],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, other.authorization, body)).statusCode, url).toBe(404);
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    }
    expect((await call('GET', `/sessions/${id}/`, auth)).json().meta.sessionName).toBe('shared');
  });

  it('answers 404 to another user for every session id call', async () => {
    const id = await seedSession(t.deps, userId);
    const other = await createUserWithToken(t.deps);
    const calls: Array<['GET' | 'POST' | 'PATCH', string, object | undefined]> = [
      ['GET', `/sessions/${id}/`, undefined],
      ['PATCH', `/sessions/${id}/`, { public: true }],
      ['POST', `/sessions/${id}/rename/`, { sessionNewName: 'x' }],
      ['POST', `/sessions/${id}/trash/`, undefined],
      ['POST', `/sessions/${id}/restore/`, undefined],
      ['POST', `/sessions/${id}/permanent_remove/`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, other.authorization, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
    expect((await call('GET', `/sessions/${id}/`, auth)).statusCode).toBe(200);
  });
});

describe('GET /comparison-reports/', () => {
  it("lists the user's reports, with a link only for a successfull report whose file exists", async () => {
    expect((await call('GET', '/comparison-reports/', auth)).json()).toEqual([]);
    const now = t.deps.clock.now().toISOString();
    const key = `users/${userId}/reports/report_a.pdf`;
    await t.deps.storage.put(key, Buffer.from('%PDF'));
    const other = await createUserWithToken(t.deps);
    const rows = [
      {
        id: 'r1',
        user_id: userId,
        state: 'successfull',
        storage_key: key,
        file_name: '',
        meta: '{}',
        created_at: now,
      },
      {
        id: 'r2',
        user_id: userId,
        state: 'successfull',
        storage_key: `users/${userId}/reports/gone.pdf`,
        file_name: 'gone.pdf',
        meta: '{}',
        created_at: now,
      },
      {
        id: 'r3',
        user_id: userId,
        state: 'pending',
        storage_key: null,
        file_name: 'next.pdf',
        meta: '{}',
        created_at: now,
      },
      {
        id: 'r4',
        user_id: other.user.id,
        state: 'successfull',
        storage_key: null,
        file_name: 'x.pdf',
        meta: '{}',
        created_at: now,
      },
    ];
    await t.deps.db.insertInto('comparison_reports').values(rows).execute();
    const list = (await call('GET', '/comparison-reports/', auth)).json<
      Array<{ id: string; media: string | null; file_name: string }>
    >();
    expect(list.map((r) => r.id).sort()).toEqual(['r1', 'r2', 'r3']);
    const byId = Object.fromEntries(list.map((r) => [r.id, r]));
    expect(byId.r1.media).toContain('/api/media/users/');
    expect(byId.r1.file_name).toBe('report_a.pdf');
    expect(byId.r2.media).toBeNull();
    expect(byId.r3.media).toBeNull();
  });
});
