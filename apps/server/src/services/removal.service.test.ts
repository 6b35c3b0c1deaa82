import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newSecret } from '../http/tokens';
import { TokenRepository } from '../repositories/token.repository';
import { createUserWithToken } from '../test/fixtures';
import { seedMedia, seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { RemovalService } from './removal.service';

const DAY = 86_400_000;
let t: TestApp;
let auth = '';
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-01T00:00:00Z'));
  const u = await createUserWithToken(t.deps);
  userId = u.user.id;
});
afterEach(async () => {
  await t.close();
});

/** Tokens live 7 days and the clock moves by weeks: each call signs in afresh. */
async function freshAuth(): Promise<string> {
  const token = newSecret();
  const now = t.deps.clock.now();
  await new TokenRepository(t.deps.db).insert({
    id: randomUUID(),
    user_id: userId,
    token_hash: hashSecret(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + DAY).toISOString(),
    revoked_at: null,
    otp_verified: 1,
    otp_code_hash: null,
    otp_expires_at: null,
    otp_attempts: 0,
    otp_sent_at: null,
  });
  return `Token ${token}`;
}
const post = async (url: string, payload: object = {}) => {
  auth = await freshAuth();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: auth },
    payload,
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const exists = async (table: 'sessions' | 'trials' | 'subjects', id: string) =>
  Boolean(await t.deps.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());

describe('retention job', () => {
  it('removes sessions, trials and subjects trashed more than 30 days ago, media included', async () => {
    const old = await seedSession(t.deps, userId);
    const oldTrial = await seedTrial(t.deps, old);
    const oldKey = await seedMedia(t.deps, old, oldTrial);
    const keep = await seedSession(t.deps, userId);
    const trashedTrial = await seedTrial(t.deps, keep);
    const trialKey = await seedMedia(t.deps, keep, trashedTrial);
    const recentTrial = await seedTrial(t.deps, keep);
    const subject = await seedSubject(t.deps, userId);
    await post(`/sessions/${old}/trash/`);
    await post(`/trials/${trashedTrial}/trash/`);
    await post(`/subjects/${subject}/trash/`);
    t.clock.advance(20 * DAY);
    await post(`/trials/${recentTrial}/trash/`);

    const removal = new RemovalService(t.deps);
    t.clock.advance(9 * DAY);
    expect(await removal.runRetention()).toEqual({ sessions: 0, trials: 0, subjects: 0 });
    expect(await t.deps.storage.stat(oldKey)).not.toBeNull();

    t.clock.advance(1 * DAY + 1000);
    expect(await removal.runRetention()).toEqual({ sessions: 1, trials: 1, subjects: 1 });
    expect(await exists('sessions', old)).toBe(false);
    expect(await exists('trials', oldTrial)).toBe(false);
    expect(await t.deps.storage.stat(oldKey)).toBeNull();
    expect(await exists('trials', trashedTrial)).toBe(false);
    expect(await t.deps.storage.stat(trialKey)).toBeNull();
    expect(await exists('subjects', subject)).toBe(false);
    expect(await exists('sessions', keep)).toBe(true);
    expect(await exists('trials', recentTrial)).toBe(true);
  });

  it("keeps a session's calibration while a 'same setup' session depends on it, then purges it", async () => {
    const first = await seedSession(t.deps, userId);
    const calib = await seedTrial(t.deps, first, { name: 'calibration' });
    const calibKey = await seedMedia(t.deps, first, calib);
    const walk = await seedTrial(t.deps, first, { name: 'walk' });
    const walkKey = await seedMedia(t.deps, first, walk);
    const second = await seedSession(t.deps, userId, { calibrationSessionId: first });

    await post(`/sessions/${first}/trash/`);
    t.clock.advance(31 * DAY);
    await new RemovalService(t.deps).runRetention();
    expect(await exists('trials', calib)).toBe(true);
    expect(await t.deps.storage.stat(calibKey)).not.toBeNull();
    expect(await exists('trials', walk)).toBe(false);
    expect(await t.deps.storage.stat(walkKey)).toBeNull();
    // The shell is gone from every list and read.
    const bin = await post('/sessions/valid/', { start: 0, only_trashed: true });
    expect(bin.json()).toMatchObject({ total: 0 });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/sessions/${first}/`,
          headers: { authorization: auth },
        })
      ).statusCode,
    ).toBe(404);

    await post(`/sessions/${second}/permanent_remove/`);
    expect(await exists('sessions', first)).toBe(false);
    expect(await exists('trials', calib)).toBe(false);
    expect(await t.deps.storage.stat(calibKey)).toBeNull();
  });

  it('a trashed calibration trial with a dependent survives retention', async () => {
    const first = await seedSession(t.deps, userId);
    const calib = await seedTrial(t.deps, first, { name: 'calibration' });
    await seedSession(t.deps, userId, { calibrationSessionId: first });
    await post(`/trials/${calib}/trash/`);
    t.clock.advance(40 * DAY);
    expect((await new RemovalService(t.deps).runRetention()).trials).toBe(0);
    expect(await exists('trials', calib)).toBe(true);
  });
});
