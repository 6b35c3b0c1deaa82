import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { buildApp } from '../app';
import { lastCode, registerAndLogin, registration, verifiedAccount } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue #19: login, code, registration and pairing limits counted before the expensive work, kept in the
 * database (restarts, replicas), keyed per account and per client address, and the client address taken
 * from the socket unless TRUST_PROXY names the proxy.
 */
describe('rate limits that hold under concurrency, restarts and proxies', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const login = (
    username: string,
    password: string,
    remoteAddress = '198.51.100.7',
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username, password, ...extra },
      headers,
      remoteAddress,
    });
  const WRONG = 'w'.repeat(24);

  it('60 parallel wrong passwords on one account: at most the limit reach the password check', async () => {
    t = await createTestApp();
    await registerAndLogin(t);
    const answers = await Promise.all(Array.from({ length: 60 }, () => login('ada_l', WRONG)));
    const checked = answers.filter((r) => r.statusCode === 400);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBe(10);
    expect(limited.length).toBe(50);
    for (const r of checked) expect(r.json().message).toBe(M.loginFailed);
    // Every attempt was counted, none lost to a race.
    const rows = await t.deps.db.selectFrom('rate_limits').select(['key', 'hits']).execute();
    const pairs = rows.filter((r) => r.key.startsWith('login-account-address:')).map((r) => r.hits);
    expect(Math.max(...pairs)).toBe(60);
  });

  it('says when to try again (message, Retry-After, retry_after) and lets the owner in once it has passed', async () => {
    t = await createTestApp();
    const acc = await registerAndLogin(t);
    for (let i = 0; i < 10; i++) expect((await login('ada_l', WRONG)).statusCode).toBe(400);
    t.clock.advance(5 * 60_000);
    const limited = await login('ada_l', acc.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: 'Too many attempts. Please wait 10 minutes and try again.',
      retry_after: 600,
    });
    expect(limited.headers['retry-after']).toBe('600');
    t.clock.advance(10 * 60_000);
    expect((await login('ada_l', acc.password)).statusCode).toBe(200);
  });

  it('keeps its counts across a restart and between API replicas sharing the database', async () => {
    t = await createTestApp();
    await registerAndLogin(t);
    for (let i = 0; i < 10; i++) expect((await login('ada_l', WRONG)).statusCode).toBe(400);
    // A second app over the same database: another replica, or this one after a restart.
    const replica = await buildApp({ ...t.deps }, { serveWeb: false });
    try {
      const r = await replica.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { username: 'ada_l', password: WRONG },
        remoteAddress: '198.51.100.7',
      });
      expect(r.statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a rotating header does not escape the address limit', async () => {
    t = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const r = await login(`user${i}`, WRONG, '198.51.100.7', { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(r.statusCode);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  it('with TRUST_PROXY, takes the client address from the named proxy only', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1' });
    const viaProxy = (user: string, client: string) =>
      login(user, WRONG, '10.0.0.1', { 'x-forwarded-for': client });
    for (let i = 0; i < 30; i++) expect((await viaProxy(`u${i}`, '203.0.113.5')).statusCode).toBe(400);
    expect((await viaProxy('u99', '203.0.113.5')).statusCode).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await viaProxy('u99', '203.0.113.6')).statusCode).toBe(400);
    // A client that is not the proxy cannot claim another address.
    for (let i = 0; i < 30; i++)
      await login(`v${i}`, WRONG, '192.0.2.9', { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await login('v99', WRONG, '192.0.2.9', { 'x-forwarded-for': '203.0.113.77' })).statusCode).toBe(
      429,
    );
  });

  it('an attacker does not lock the owner out: per account and address first, per account later, never a known device', async () => {
    t = await createTestApp();
    const acc = await registerAndLogin(t, {});
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/verify/',
      headers: { authorization: acc.authorization },
      payload: { otp_token: lastCode(t), remember_device: true },
    });
    const knownDevice = verify.json().remember_device_secret as string;
    for (let i = 0; i < 10; i++) await login('ada_l', WRONG, '192.0.2.66');
    expect((await login('ada_l', acc.password, '192.0.2.66')).statusCode).toBe(429);
    // The owner elsewhere is not affected by the attacker's address.
    expect((await login('ada_l', acc.password, '198.51.100.7')).statusCode).toBe(200);
    // An attack from many addresses ends in the longer per-account lock…
    for (let a = 1; a <= 5; a++)
      for (let i = 0; i < 10; i++) await login('ada@example.org', WRONG, `192.0.2.${a}`);
    const locked = await login('ada_l', acc.password, '198.51.100.8');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many attempts\. Please wait (59|60) minutes and try again\.$/,
    );
    // …which the owner's remembered device does not meet.
    const known = await login(
      'ada_l',
      acc.password,
      '198.51.100.8',
      {},
      { remember_device_secret: knownDevice },
    );
    expect(known.statusCode).toBe(200);
    expect(known.json().otp_challenge_sent).toBe(false);
  });

  it('counts code tries before comparing: 20 parallel guesses, at most 5 compared, 15 counted per account', async () => {
    t = await createTestApp();
    const acc = await registerAndLogin(t);
    const code = lastCode(t);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/verify/',
          headers: { authorization: acc.authorization },
          payload: { otp_token: wrong },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect(answers.filter((r) => r.json().message === M.codeWrong)).toHaveLength(4);
    const token = await t.deps.db.selectFrom('tokens').select('otp_attempts').executeTakeFirstOrThrow();
    expect(token.otp_attempts).toBe(5);
  });

  it('limits registrations per address', async () => {
    t = await createTestApp();
    const register = (i: number, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register/',
        payload: registration({
          username: `user_${remoteAddress.length}_${i}`,
          email: `u${i}@${remoteAddress}.example`,
        }),
        remoteAddress,
      });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => register(i, '192.0.2.10')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
    expect((await register(99, '192.0.2.11')).statusCode).toBe(200);
    const n = await t.deps.db.selectFrom('users').select('id').execute();
    expect(n).toHaveLength(21);
  });

  it('limits pairing per address, right secrets included', async () => {
    t = await createTestApp();
    const { authorization } = await verifiedAccount(t);
    const pairAll = async (n: number) => {
      const [s] = (
        await t.app.inject({ method: 'GET', url: '/api/sessions/new/', headers: { authorization } })
      ).json<Array<{ id: string }>>();
      const { pairing_secret: secret } = await t.deps.db
        .selectFrom('sessions')
        .select('pairing_secret')
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow();
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/capture/pair/',
          payload: {
            session_id: s.id,
            secret,
            model: 'x',
            capabilities: { framerates: [60], width: 1, height: 1 },
          },
          remoteAddress: '192.0.2.20',
        });
        statuses.push(r.statusCode);
      }
      return statuses;
    };
    expect(await pairAll(30)).toEqual(Array(30).fill(200));
    const second = await pairAll(31);
    expect(second.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(second[30]).toBe(429);
  });
});
