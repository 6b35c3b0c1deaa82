import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { lastCode, registerAndLogin, verifiedAccount } from '../test/accounts';

describe('password reset and rate limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://poselab.example.org' });
  });
  afterEach(async () => t.close());

  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) => t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

  const linkToken = () => {
    const m = /https:\/\/poselab\.example\.org\/new-password\/([A-Za-z0-9_-]+)/.exec(
      t.mailer.last()?.text ?? '',
    );
    if (!m) throw new Error('no reset link mailed');
    return m[1];
  };

  it('mails a PUBLIC_URL link (never the sent host) and answers the same for unknown e-mails', async () => {
    const acc = await verifiedAccount(t);
    const known = await post('/api/reset-password/', {
      email: 'ADA@example.org',
      host: 'https://evil.example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(t.mailer.last()?.to).toBe('ada@example.org');
    expect(t.mailer.last()?.text).not.toContain('evil');
    expect(t.mailer.last()?.text).toContain('Your username is: ada_l');
    const mails = t.mailer.messages.length;
    const unknown = await post(
      '/api/reset-password/',
      { email: 'nobody@example.org' },
      { host: 'evil.example.com' },
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mailer.messages).toHaveLength(mails);
    const token = linkToken();

    const short = await post('/api/new-password/', { token, password: 'short' });
    expect(short.json().errors).toEqual({ password: [M.passwordMin] });
    const newPassword = 'a brand new password that is long';
    const ok = await post('/api/new-password/', { token, password: newPassword });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password changed successfully.' });
    // The old login ends, the old password fails, the new one works; the link works once.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/check-otp-verified/',
          headers: { authorization: acc.authorization },
        })
      ).statusCode,
    ).toBe(401);
    expect((await post('/api/login/', { username: 'ada_l', password: acc.password })).statusCode).toBe(400);
    expect((await post('/api/login/', { username: 'ada_l', password: newPassword })).statusCode).toBe(200);
    const reused = await post('/api/new-password/', { token, password: 'yet another password of length' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(M.resetLinkInvalid);
  });

  it('expires reset links after 1 hour and when a newer one is sent', async () => {
    await verifiedAccount(t);
    await post('/api/reset-password/', { email: 'ada@example.org' });
    const first = linkToken();
    await post('/api/reset-password/', { email: 'ada@example.org' });
    const second = linkToken();
    expect((await post('/api/new-password/', { token: first, password: 'x'.repeat(20) })).statusCode).toBe(
      400,
    );
    t.clock.advance(60 * 60_000 + 1);
    const late = await post('/api/new-password/', { token: second, password: 'x'.repeat(20) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.resetLinkInvalid);
    expect(
      (await post('/api/new-password/', { token: 'made-up', password: 'x'.repeat(20) })).statusCode,
    ).toBe(400);
  });

  it('limits reset mails per account and per IP with a 429', async () => {
    await verifiedAccount(t);
    for (let i = 0; i < 3; i++)
      expect((await post('/api/reset-password/', { email: 'ada@example.org' })).statusCode).toBe(200);
    const limited = await post('/api/reset-password/', { email: 'ada@example.org' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait 60 minutes and try again.');
    for (let i = 0; i < 6; i++)
      await post('/api/reset-password/', { email: `x${i}@example.org` }, {}, '10.0.0.9');
    expect((await post('/api/reset-password/', { email: 'z@example.org' }, {}, '10.0.0.9')).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 3; i++)
      await post('/api/reset-password/', { email: `y${i}@example.org` }, {}, '10.0.0.9');
    expect((await post('/api/reset-password/', { email: 'w@example.org' }, {}, '10.0.0.9')).statusCode).toBe(
      429,
    );
    // Without TRUST_PROXY a forwarded-for header is no escape: the socket's address counts.
    expect(
      (
        await post(
          '/api/reset-password/',
          { email: 'v@example.org' },
          { 'x-forwarded-for': '10.9.9.9' },
          '10.0.0.9',
        )
      ).statusCode,
    ).toBe(429);
  });

  it('limits wrong codes per account across new logins with a 429', async () => {
    const acc = await registerAndLogin(t);
    let auth = acc.authorization;
    let wrongTries = 0;
    for (let login = 0; login < 3; login++) {
      const code = lastCode(t);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5 && wrongTries < 15; i++, wrongTries++) {
        expect((await post('/api/verify/', { otp_token: wrong }, { authorization: auth })).statusCode).toBe(
          400,
        );
      }
      const again = await post('/api/login/', { username: 'ada_l', password: acc.password });
      auth = `Token ${again.json().token as string}`;
    }
    const limited = await post('/api/verify/', { otp_token: lastCode(t) }, { authorization: auth });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});
