import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SECURITY_MESSAGES as S } from '@poselab/contract';
import { registration } from '../test/accounts';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Issue #19: text the API stores must pass the same rules everywhere, and never hold NUL characters. */
describe('input hygiene', () => {
  let t: TestApp;
  let authorization: string;
  beforeEach(async () => {
    t = await createTestApp();
    authorization = (await createUserWithToken(t.deps)).authorization;
  });
  afterEach(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  const newSession = async () =>
    (await call('GET', '/api/sessions/new/')).json<Array<{ id: string }>>()[0].id;

  it('set_metadata refuses a session name that rename refuses', async () => {
    const id = await newSession();
    for (const bad of ['my walk', '<script>', 'a/b', 'x'.repeat(101)]) {
      const viaMetadata = await call(
        'GET',
        `/api/sessions/${id}/set_metadata/?settings_session_name=${encodeURIComponent(bad)}`,
      );
      const viaRename = await call('POST', `/api/sessions/${id}/rename/`, { sessionNewName: bad });
      expect(viaMetadata.statusCode, bad).toBe(400);
      expect(viaRename.statusCode, bad).toBe(400);
    }
    const bad = await call('GET', `/api/sessions/${id}/set_metadata/?settings_session_name=my%20walk`);
    expect(bad.json().errors.settings_session_name).toEqual([MESSAGES.alphaDashCustom]);
    const ok = await call('GET', `/api/sessions/${id}/set_metadata/?settings_session_name=Walk_2-b`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().meta.sessionName).toBe('Walk_2-b');
    const cleared = await call('GET', `/api/sessions/${id}/set_metadata/?settings_session_name=`);
    expect(cleared.statusCode).toBe(200);
  });

  it('refuses NUL characters in bodies, queries and paths, storing nothing', async () => {
    const id = await newSession();
    const subject = await call('POST', '/api/subjects/', {
      name: 'Jane\u0000Doe',
      weight: 70,
      height: 1.8,
      birth_year: 1990,
      subject_tags: ['unimpaired'],
      terms: true,
    });
    expect(subject.statusCode).toBe(400);
    expect(subject.json().message).toBe(S.textHasNul);
    expect(await t.deps.db.selectFrom('subjects').selectAll().execute()).toHaveLength(0);
    const tags = await call('POST', '/api/subjects/', {
      name: 'Jane',
      weight: 70,
      height: 1.8,
      birth_year: 1990,
      subject_tags: ['unimpaired', 'x\u0000'],
      terms: true,
    });
    expect(tags.statusCode).toBe(400);
    expect(
      (await call('GET', `/api/sessions/${id}/set_metadata/?settings_filter_frequency=1%000`)).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/sessions/${id}%00/status/`)).statusCode).toBe(400);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: registration({ institution: 'Uni\u0000' }),
    });
    expect(reg.statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });
});
