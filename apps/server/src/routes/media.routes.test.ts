import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaUrl } from '../services/media-access.service';
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
    const trialId = randomUUID();
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
    await new TrialRepository(t.deps.db).insert({
      id: trialId,
      session_id: id,
      name: 'walk',
      status: 'done',
      tags: '[]',
      meta: '{}',
      progress_percent: null,
      progress_message: null,
      expected_videos: 1,
      trashed: 0,
      trashed_at: null,
      started_at: now,
      stopped_at: now,
      created_at: now,
      updated_at: now,
    });
    const key = mediaKeys.video(id, trialId, 'dev1', 'mp4');
    await t.deps.storage.put(key, Buffer.from('0123456789'));
    return { key, sessionId: id, trialId };
  }

  it('serves the owner, refuses others with 404, and answers ranges', async () => {
    const owner = await createUserWithToken(t.deps);
    const other = await createUserWithToken(t.deps);
    const { key } = await sessionWithVideo(owner.user.id, false);
    const url = `/api/media/${key}`;
    const mine = await t.app.inject({ url, headers: { authorization: owner.authorization } });
    expect(mine.body).toBe('0123456789');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-type']).toBe('video/mp4');
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

  it('serves public sessions to anyone and signed URLs without a header; a forged one is refused', async () => {
    const owner = await createUserWithToken(t.deps);
    const { key: publicKey } = await sessionWithVideo(owner.user.id, true);
    expect((await t.app.inject({ url: `/api/media/${publicKey}` })).statusCode).toBe(200);
    const { key: privateKey } = await sessionWithVideo(owner.user.id, false);
    const signed = mediaUrl(t.deps, privateKey, { kind: 'user', userId: owner.user.id });
    expect((await t.app.inject({ url: signed })).body).toBe('0123456789');
    expect((await t.app.inject({ url: signed.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(404);
    // The viewer is part of what is signed: a URL cannot be re-aimed at someone else.
    const other = await createUserWithToken(t.deps);
    expect(
      (await t.app.inject({ url: signed.replace(/v=[^&]+/, `v=u%3A${other.user.id}`) })).statusCode,
    ).toBe(404);
    t.clock.advance(6 * 3600_000 + 1000);
    expect((await t.app.inject({ url: signed })).statusCode).toBe(404);
  });

  it('a URL handed to a visitor stops working once the session is made private or trashed', async () => {
    const owner = await createUserWithToken(t.deps);
    const { key, sessionId } = await sessionWithVideo(owner.user.id, true);
    const visitorUrl = mediaUrl(t.deps, key, { kind: 'public' });
    const ownerUrl = mediaUrl(t.deps, key, { kind: 'user', userId: owner.user.id });
    expect((await t.app.inject({ url: visitorUrl })).statusCode).toBe(200);
    const sessions = new SessionRepository(t.deps.db);
    await sessions.update(sessionId, { public: 0 });
    expect((await t.app.inject({ url: visitorUrl })).statusCode).toBe(404);
    await sessions.update(sessionId, { public: 1, trashed: 1, trashed_at: t.clock.now().toISOString() });
    expect((await t.app.inject({ url: visitorUrl })).statusCode).toBe(404);
    // Issue #29: the owner's link issued before the trash ends too (whoever holds it reads as the owner) …
    expect((await t.app.inject({ url: ownerUrl })).statusCode).toBe(404);
    // … while the owner still sees the recycle bin's media: signed in, or through a link issued since.
    const authorization = owner.authorization;
    expect((await t.app.inject({ url: `/api/media/${key}`, headers: { authorization } })).statusCode).toBe(
      200,
    );
    t.clock.advance(1000);
    const laterUrl = mediaUrl(t.deps, key, { kind: 'user', userId: owner.user.id });
    expect((await t.app.inject({ url: laterUrl })).statusCode).toBe(200);
  });

  it("ends an owner's signed link to a trial at once when the trial is trashed (issue #29)", async () => {
    const owner = await createUserWithToken(t.deps);
    const { key, trialId } = await sessionWithVideo(owner.user.id, false);
    const ownerUrl = mediaUrl(t.deps, key, { kind: 'user', userId: owner.user.id });
    expect((await t.app.inject({ url: ownerUrl })).statusCode).toBe(200);
    t.clock.advance(60_000);
    await new TrialRepository(t.deps.db).update(trialId, {
      trashed: 1,
      trashed_at: t.clock.now().toISOString(),
    });
    expect((await t.app.inject({ url: ownerUrl })).statusCode).toBe(404);
    await new TrialRepository(t.deps.db).update(trialId, { trashed: 0, trashed_at: null });
    expect((await t.app.inject({ url: ownerUrl })).statusCode).toBe(200);
  });

  it('never serves a trashed trial of a public session to others, signed or not', async () => {
    const owner = await createUserWithToken(t.deps);
    const { key, trialId } = await sessionWithVideo(owner.user.id, true);
    const visitorUrl = mediaUrl(t.deps, key, { kind: 'public' });
    await new TrialRepository(t.deps.db).update(trialId, {
      trashed: 1,
      trashed_at: new Date().toISOString(),
    });
    expect((await t.app.inject({ url: `/api/media/${key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: visitorUrl })).statusCode).toBe(404);
    const other = await createUserWithToken(t.deps);
    expect(
      (await t.app.inject({ url: `/api/media/${key}`, headers: { authorization: other.authorization } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/media/${key}`, headers: { authorization: owner.authorization } }))
        .statusCode,
    ).toBe(200);
  });

  it('never serves partial uploads, and names downloads it was asked to', async () => {
    const owner = await createUserWithToken(t.deps);
    const { sessionId, trialId } = await sessionWithVideo(owner.user.id, false);
    const part = mediaKeys.upload(sessionId, trialId, 'dev1', 'u1');
    await t.deps.storage.put(part, Buffer.from('<html>'));
    const asOwner = mediaUrl(t.deps, part, { kind: 'user', userId: owner.user.id });
    expect((await t.app.inject({ url: asOwner })).statusCode).toBe(404);

    const report = mediaKeys.report(owner.user.id, 'r1.pdf');
    await t.deps.storage.put(report, Buffer.from('%PDF-1.4'));
    const dl = mediaUrl(
      t.deps,
      report,
      { kind: 'user', userId: owner.user.id },
      { downloadName: 'Squat.pdf' },
    );
    const res = await t.app.inject({ url: dl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Squat.pdf"; filename*=UTF-8''Squat.pdf`,
    );
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const stranger = await createUserWithToken(t.deps);
    expect(
      (
        await t.app.inject({
          url: `/api/media/${report}`,
          headers: { authorization: stranger.authorization },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('links a ready data archive to who may have it, and not once it expired or its session went private', async () => {
    const owner = await createUserWithToken(t.deps);
    const other = await createUserWithToken(t.deps);
    const { sessionId } = await sessionWithVideo(owner.user.id, true);
    const now = t.clock.now();
    const archive = (id: string, audience: 'owner' | 'public') => ({
      id,
      user_id: owner.user.id,
      scope: 'session',
      scope_id: sessionId,
      audience,
      with_videos: 0,
      content_hash: id,
      state: 'ready',
      job_id: null,
      progress_percent: null,
      progress_message: null,
      storage_key: `archives/${id}/a1/data.zip`,
      file_name: 'data.zip',
      size_bytes: 3,
      error: null,
      error_code: null,
      inputs: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    });
    await t.deps.db
      .insertInto('archives')
      .values([archive('mine', 'owner'), archive('shared', 'public')])
      .execute();
    await t.deps.storage.put('archives/mine/a1/data.zip', Buffer.from('zip'));
    await t.deps.storage.put('archives/shared/a1/data.zip', Buffer.from('zip'));
    await t.deps.storage.put('archives/mine/a0/partial.zip', Buffer.from('zi'));
    const status = async (key: string, viewer: Parameters<typeof mediaUrl>[2]) =>
      (await t.app.inject({ url: mediaUrl(t.deps, key, viewer) })).statusCode;
    const ownerV = { kind: 'user', userId: owner.user.id } as const;
    const otherV = { kind: 'user', userId: other.user.id } as const;
    expect(await status('archives/mine/a1/data.zip', ownerV)).toBe(200);
    expect(await status('archives/mine/a1/data.zip', otherV)).toBe(404);
    expect(await status('archives/mine/a0/partial.zip', ownerV)).toBe(404);
    expect(await status('archives/shared/a1/data.zip', { kind: 'public' })).toBe(200);
    await new SessionRepository(t.deps.db).update(sessionId, { public: 0 });
    expect(await status('archives/shared/a1/data.zip', { kind: 'public' })).toBe(404);
    t.clock.advance(86_400_000 + 1000);
    expect(await status('archives/mine/a1/data.zip', ownerV)).toBe(404);
  });
});
