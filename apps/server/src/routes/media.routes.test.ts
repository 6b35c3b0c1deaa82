import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionRepository } from '../repositories/session.repository';
import { mediaKeys } from '../storage/media-keys';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

describe('media route', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  async function sessionWithVideo(ownerId: string, isPublic: boolean) {
    const id = randomUUID();
    const now = new Date().toISOString();
    await new SessionRepository(t.deps.db).insert({
      id,
      user_id: ownerId,
      subject_id: null,
      meta: '{}',
      public: isPublic ? 1 : 0,
      trashed: 0,
      trashed_at: null,
      pairing_secret: 's',
      calibration_session_id: null,
      created_at: now,
      updated_at: now,
    });
    const key = mediaKeys.video(id, 'trial1', 'dev1', 'mp4');
    await t.deps.storage.put(key, Buffer.from('0123456789'));
    return key;
  }

  it('serves the owner, refuses others with 404, and answers ranges', async () => {
    const owner = await createUserWithToken(t.deps);
    const other = await createUserWithToken(t.deps);
    const key = await sessionWithVideo(owner.user.id, false);
    const url = `/api/media/${key}`;
    expect((await t.app.inject({ url, headers: { authorization: owner.authorization } })).body).toBe(
      '0123456789',
    );
    expect((await t.app.inject({ url, headers: { authorization: other.authorization } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const part = await t.app.inject({
      url,
      headers: { authorization: owner.authorization, range: 'bytes=2-5' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
  });

  it('serves public sessions to anyone and signed URLs without a header', async () => {
    const owner = await createUserWithToken(t.deps);
    const publicKey = await sessionWithVideo(owner.user.id, true);
    expect((await t.app.inject({ url: `/api/media/${publicKey}` })).statusCode).toBe(200);
    const privateKey = await sessionWithVideo(owner.user.id, false);
    const signed = await t.deps.storage.url(privateKey);
    expect((await t.app.inject({ url: signed })).body).toBe('0123456789');
    const tampered = signed.replace(/sig=[^&]+/, 'sig=forged');
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
  });
});
