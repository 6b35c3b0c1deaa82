import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { verifiedAccount } from '../test/accounts';
import { mediaKeys } from '../storage/media-keys';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, file: Buffer, filename: string, extra: Record<string, string> = {}) {
  const boundary = `----poselab${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(extra)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('profiles, pictures, logo and account deletion', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const post = (url: string, payload: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: authorization ? { authorization } : {},
    });

  it('answers every field for oneself and public fields only for others', async () => {
    const ada = await verifiedAccount(t);
    const bob = await verifiedAccount(t, { username: 'bob', email: 'bob@example.org' });
    const own = await post('/api/get_user_info/', { username: 'ada_l' }, ada.authorization);
    expect(own.json()).toMatchObject({
      username: 'ada_l',
      email: 'ada@example.org',
      is_own: true,
      unit: 'metric',
      institutional_use: 'research_at_academic',
      profile_picture: '/api/users/ada_l/picture?v=default',
      logo: null,
    });
    expect(own.json().license_end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const other = await post('/api/get_user_info/', { username: 'ada_l' }, bob.authorization);
    expect(other.json().is_own).toBe(false);
    expect(other.json()).not.toHaveProperty('email');
    expect(other.json()).not.toHaveProperty('license_end_date');
    const anon = await post('/api/get_user_info/', { username: 'ada_l' });
    expect(anon.statusCode).toBe(200);
    expect(JSON.stringify(anon.json())).not.toContain('ada@example.org');
    const missing = await post('/api/get_user_info/', { username: 'ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The user "ghost" does not exist.');
  });

  it('updates the profile and keeps the username; a new e-mail waits for its confirmation', async () => {
    const ada = await verifiedAccount(t);
    const res = await post(
      '/api/update_profile/',
      {
        first_name: 'Augusta',
        last_name: 'King',
        email: 'ADA@Example.org',
        unit: 'imperial',
        newsletter: false,
        username: 'hacker',
      },
      ada.authorization,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'ada_l',
      first_name: 'Augusta',
      email: 'ada@example.org',
      unit: 'imperial',
      newsletter: false,
      pending_email: null,
    });
    const invalid = await post(
      '/api/update_profile/',
      { first_name: '', last_name: 'K', email: 'x' },
      ada.authorization,
    );
    expect(invalid.json().errors).toMatchObject({
      first_name: [M.firstNameRequired],
      email: [M.emailInvalid],
    });
    expect(
      (await post('/api/update_profile/', { first_name: 'A', last_name: 'K', email: 'a@b.org' })).statusCode,
    ).toBe(401);
  });

  it('stores a sniffed image as the profile picture, refuses non-images, and serves a default', async () => {
    const ada = await verifiedAccount(t);
    const dflt = await t.app.inject({ method: 'GET', url: '/api/users/ada_l/picture' });
    expect(dflt.headers['content-type']).toContain('image/svg+xml');
    const fake = multipart('profile_picture', Buffer.from('<script>alert(1)</script>'), 'x.png', {
      username: 'ada_l',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/update_profile_picture/',
      headers: { ...fake.headers, authorization: ada.authorization },
      payload: fake.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.imageOnly);
    const big = multipart('profile_picture', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/update_profile_picture/',
      headers: { ...big.headers, authorization: ada.authorization },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(M.imageTooLarge);
    const good = multipart('profile_picture', PNG, 'me.bin', { username: 'ada_l' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/update_profile_picture/',
      headers: { ...good.headers, authorization: ada.authorization },
      payload: good.payload,
    });
    expect(ok.statusCode).toBe(200);
    const url = ok.json().profile_picture as string;
    expect(url).toMatch(/^\/api\/users\/ada_l\/picture\?v=[0-9a-f]{12}$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('sets, reads and removes the custom logo', async () => {
    const ada = await verifiedAccount(t);
    const form = multipart('logo', PNG, 'logo.png');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/app-configuration/',
      headers: { ...form.headers, authorization: ada.authorization },
      payload: form.payload,
    });
    expect(set.statusCode).toBe(200);
    const logo = set.json().logo as string;
    expect(logo).toMatch(/^\/api\/users\/ada_l\/logo\?v=/);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/app-configuration/',
      headers: { authorization: ada.authorization },
    });
    expect(get.json()).toEqual({ logo });
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
    const removed = await post('/api/remove-logo/', {}, ada.authorization);
    expect(removed.json()).toEqual({ logo: null });
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });

  it('deletes the account with its sessions, subjects, trials and media once the username matches', async () => {
    const ada = await verifiedAccount(t);
    const bob = await verifiedAccount(t, { username: 'bob', email: 'bob@example.org' });
    const now = t.clock.now().toISOString();
    const subjectId = randomUUID();
    const sessionId = randomUUID();
    await t.deps.db
      .insertInto('subjects')
      .values({
        id: subjectId,
        user_id: ada.userId,
        name: 'S',
        weight: 70,
        height: 1.8,
        birth_year: 1990,
        sex_at_birth: null,
        gender: null,
        characteristics: '',
        subject_tags: '[]',
        terms: 1,
        share_token: 'x',
        trashed: 0,
        trashed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.deps.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: ada.userId,
        subject_id: subjectId,
        meta: '{}',
        public: 0,
        trashed: 0,
        trashed_at: null,
        pairing_secret: 'p',
        calibration_session_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.deps.db
      .insertInto('trials')
      .values({
        id: randomUUID(),
        session_id: sessionId,
        name: 'walk',
        status: 'done',
        tags: '[]',
        meta: '{}',
        progress_percent: null,
        progress_message: null,
        expected_videos: 2,
        trashed: 0,
        trashed_at: null,
        started_at: null,
        stopped_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const videoKey = mediaKeys.video(sessionId, 't1', 'd1', 'mp4');
    await t.deps.storage.put(videoKey, Buffer.from('video'));
    await t.deps.storage.put(mediaKeys.profilePicture(ada.userId, 'png'), PNG);

    const wrong = await post('/api/delete-account/', { confirm: 'bob' }, ada.authorization);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.deleteConfirmMismatch);
    const empty = await post('/api/delete-account/', { confirm: ' ' }, ada.authorization);
    expect(empty.json().errors).toEqual({ confirm: [M.deleteConfirmRequired] });

    const ok = await post('/api/delete-account/', { confirm: 'ada_l' }, ada.authorization);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: M.accountDeleted });
    for (const table of ['sessions', 'subjects', 'tokens', 'remembered_devices'] as const) {
      const rows = await t.deps.db
        .selectFrom(table)
        .selectAll()
        .where('user_id' as never, '=', ada.userId as never)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
    expect(
      await t.deps.db.selectFrom('users').select('id').where('id', '=', ada.userId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.deps.db.selectFrom('trials').selectAll().execute()).toHaveLength(0);
    expect(await t.deps.storage.stat(videoKey)).toBeNull();
    expect(await t.deps.storage.stat(mediaKeys.profilePicture(ada.userId, 'png'))).toBeNull();
    const dead = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: ada.authorization },
    });
    expect(dead.statusCode).toBe(401);
    const bobStill = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: bob.authorization },
    });
    expect(bobStill.statusCode).toBe(200);
  });
});
