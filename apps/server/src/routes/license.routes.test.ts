import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '@poselab/contract';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

describe('license expiry enforced by the server (SPEC §6)', () => {
  let t: TestApp;
  let auth: string;
  beforeEach(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-03-30T10:00:00Z'));
    auth = (await createUserWithToken(t.deps, { license_end_date: '2026-03-31' })).authorization;
  });
  afterEach(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: auth } });

  it('answers 403 with the license message to every call that starts capture work once expired', async () => {
    const created = await get('/api/sessions/new/');
    expect(created.statusCode).toBe(200);
    const id = created.json<Array<{ id: string }>>()[0].id;

    // The last day still counts in full.
    t.clock.set(new Date('2026-03-31T23:00:00Z'));
    const again = await get('/api/sessions/new/');
    expect(again.statusCode).toBe(200);
    // Still empty, so handed out again rather than a second one left behind (issue #29).
    expect(again.json<Array<{ id: string }>>()[0].id).toBe(id);

    t.clock.set(new Date('2026-04-01T00:00:01Z'));
    for (const url of [
      '/api/sessions/new/',
      `/api/sessions/${id}/record/?name=walk`,
      `/api/sessions/${id}/record/?name=calibration`,
      `/api/sessions/${id}/new_subject/`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: LICENSE_MESSAGES.expired });
    }
    const count = await t.deps.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('keeps the data reachable after expiry: the list, a session and its status', async () => {
    const id = (await get('/api/sessions/new/')).json<Array<{ id: string }>>()[0].id;
    t.clock.set(new Date('2026-04-05T00:00:00Z'));
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/valid/',
      headers: { authorization: auth },
      payload: { start: 0, quantity: 40 },
    });
    expect(list.statusCode).toBe(200);
    expect((await get(`/api/sessions/${id}/`)).statusCode).toBe(200);
    expect((await get(`/api/sessions/${id}/status/`)).statusCode).toBe(200);
    expect((await get(`/api/sessions/${id}/stop/`)).statusCode).toBe(200);
  });
});
