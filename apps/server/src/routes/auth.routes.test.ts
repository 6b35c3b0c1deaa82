import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { lastCode, registerAndLogin, registration } from '../test/accounts';

describe('register, login and the e-mailed code', () => {
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

  it('registers with defaults, a 30-day trial and no intended use', async () => {
    t.clock.set(new Date('2026-03-01T10:00:00Z'));
    const res = await post('/api/register/', registration());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'New user successfully created', username: 'ada_l' });
    const row = await t.deps.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      country: 'US',
      newsletter: 1,
      language: 'en',
      unit: 'metric',
      institutional_use: null,
      license_start_date: '2026-03-01',
      license_end_date: '2026-03-31',
    });
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('horse');
  });

  it('refuses short passwords, bad e-mails, missing fields, unticked agreements and duplicates', async () => {
    const res = await post(
      '/api/register/',
      registration({ password: 'short', email: 'nope', first_name: '', privacy_policy: false }),
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.password).toContain(M.passwordMin);
    expect(errors.email).toContain(M.emailInvalid);
    expect(errors.first_name).toContain(M.firstNameRequired);
    expect(errors.privacy_policy).toContain(M.privacyRequired);
    const missing = await post('/api/register/', registration({ licensing_agreement: undefined }));
    expect(missing.json().errors.licensing_agreement).toContain(M.licensingRequired);
    expect((await post('/api/register/', registration())).statusCode).toBe(200);
    const dup = await post('/api/register/', registration({ username: 'ADA_L', email: 'ADA@example.org' }));
    expect(dup.statusCode).toBe(400);
    // Usernames name public profile pages; whether an e-mail has an account is never said (see below).
    expect(dup.json().errors).toEqual({ username: [M.usernameTaken] });
  });

  it('answers a registration with an e-mail in use like a success and tells that address instead', async () => {
    expect((await post('/api/register/', registration())).statusCode).toBe(200);
    const sent = t.mailer.messages.length;
    const again = await post('/api/register/', registration({ username: 'ada_2', email: 'ADA@example.org' }));
    const fresh = await post('/api/register/', registration({ username: 'bob', email: 'bob@example.org' }));
    expect(again.statusCode).toBe(200);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(again.json()).toMatchObject({ message: M.userCreated, username: 'ada_2' });
    const users = await t.deps.db.selectFrom('users').select('username').orderBy('username').execute();
    expect(users.map((u) => u.username)).toEqual(['ada_l', 'bob']);
    const notice = t.mailer.messages[sent];
    expect(notice.to).toBe('ada@example.org');
    expect(notice.subject).toBe('Someone tried to register with your e-mail address');
    expect(notice.text).toContain('your username is ada_l');
    expect(notice.text).toContain('http://localhost:8080/reset-password');
    // The unknown username cannot log in: nothing was created for it.
    const login = await post('/api/login/', { username: 'ada_2', password: registration().password });
    expect(login.statusCode).toBe(400);
  });

  it('logs in by username or e-mail, mails a 6-digit code, and verifies it', async () => {
    const acc = await registerAndLogin(t);
    expect(t.mailer.last()?.to).toBe('ada@example.org');
    const code = lastCode(t);
    expect(code).toMatch(/^\d{6}$/);
    // Until verified, the token only reaches the unverified calls.
    expect(
      (
        await post(
          '/api/set-institutional-use/',
          { institutional_use: 'research_at_academic' },
          acc.authorization,
        )
      ).statusCode,
    ).toBe(403);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: acc.authorization },
    });
    expect(check.json()).toEqual({ otp_verified: false });
    const v = await post('/api/verify/', { otp_token: ` ${code} ` }, acc.authorization);
    expect(v.statusCode).toBe(200);
    expect(v.json()).toEqual({ otp_verified: true });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: acc.authorization },
    });
    expect(after.json()).toEqual({ otp_verified: true });
    const use = await post(
      '/api/set-institutional-use/',
      { institutional_use: 'research_at_academic' },
      acc.authorization,
    );
    expect(use.statusCode).toBe(200);
    const byEmail = await post('/api/login/', { username: 'ADA@example.org', password: acc.password });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({
      user_id: acc.userId,
      institutional_use: 'research_at_academic',
      otp_challenge_sent: true,
    });
  });

  it('refuses a wrong password with the same message as an unknown user', async () => {
    await registerAndLogin(t);
    const wrong = await post('/api/login/', { username: 'ada_l', password: 'x'.repeat(25) });
    const unknown = await post('/api/login/', { username: 'nobody', password: 'x'.repeat(25) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.loginFailed);
    expect(unknown.json().message).toBe(M.loginFailed);
  });

  it('counts wrong codes: the sixth try fails even with the right code', async () => {
    const acc = await registerAndLogin(t);
    const code = lastCode(t);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const r = await post('/api/verify/', { otp_token: wrong }, acc.authorization);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(i < 5 ? M.codeWrong : M.codeTooManyTries);
    }
    const sixth = await post('/api/verify/', { otp_token: code }, acc.authorization);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(M.codeTooManyTries);
  });

  it('expires a code after 10 minutes; a re-send gives a new one', async () => {
    const acc = await registerAndLogin(t);
    const first = lastCode(t);
    // Within the first minute the Verify page's re-send keeps the code just mailed.
    const keep = await post('/api/reset-otp-challenge/', {}, acc.authorization);
    expect(keep.json()).toEqual({ otp_challenge_sent: false, otp_verified: false });
    expect(t.mailer.messages).toHaveLength(1);
    t.clock.advance(10 * 60_000 + 1);
    const late = await post('/api/verify/', { otp_token: first }, acc.authorization);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.codeExpired);
    const resend = await post('/api/reset-otp-challenge/', {}, acc.authorization);
    expect(resend.json()).toEqual({ otp_challenge_sent: true, otp_verified: false });
    expect(t.mailer.messages).toHaveLength(2);
    expect((await post('/api/verify/', { otp_token: lastCode(t) }, acc.authorization)).statusCode).toBe(200);
  });

  it('remembers a device for 90 days: a later login skips the code', async () => {
    const acc = await registerAndLogin(t);
    const v = await post(
      '/api/verify/',
      { otp_token: lastCode(t), remember_device: true },
      acc.authorization,
    );
    const secret = v.json().remember_device_secret as string;
    expect(secret).toBeTruthy();
    const mails = t.mailer.messages.length;
    const again = await post('/api/login/', {
      username: 'ada_l',
      password: acc.password,
      remember_device_secret: secret,
    });
    expect(again.json().otp_challenge_sent).toBe(false);
    expect(t.mailer.messages).toHaveLength(mails);
    const auth = `Token ${again.json().token as string}`;
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: auth },
    });
    expect(check.json()).toEqual({ otp_verified: true });
    // Another user cannot use this browser's secret.
    await post('/api/register/', registration({ username: 'bob', email: 'bob@example.org' }));
    const bob = await post('/api/login/', {
      username: 'bob',
      password: acc.password,
      remember_device_secret: secret,
    });
    expect(bob.json().otp_challenge_sent).toBe(true);
    t.clock.advance(90 * 86_400_000 + 1000);
    const late = await post('/api/login/', {
      username: 'ada_l',
      password: acc.password,
      remember_device_secret: secret,
    });
    expect(late.json().otp_challenge_sent).toBe(true);
  });

  it('rejects expired and revoked tokens', async () => {
    const acc = await registerAndLogin(t);
    await post('/api/verify/', { otp_token: lastCode(t) }, acc.authorization);
    const out = await post('/api/logout/', {}, acc.authorization);
    expect(out.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: acc.authorization },
    });
    expect(revoked.statusCode).toBe(401);
    const second = await post('/api/login/', { username: 'ada_l', password: acc.password });
    const auth2 = `Token ${second.json().token as string}`;
    t.clock.advance(7 * 86_400_000 + 1);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/check-otp-verified/',
      headers: { authorization: auth2 },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Invalid token.');
  });

  it('answers 429 with a clear message once login attempts are used up', async () => {
    await registerAndLogin(t);
    for (let i = 0; i < 10; i++) {
      const r = await post('/api/login/', { username: 'ada_l', password: 'y'.repeat(21) });
      expect(r.statusCode).toBe(400);
    }
    const limited = await post('/api/login/', {
      username: 'ada_l',
      password: 'correct horse battery staple',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait 15 minutes and try again\.$/);
    t.clock.advance(15 * 60_000);
    expect(
      (await post('/api/login/', { username: 'ada_l', password: 'correct horse battery staple' })).statusCode,
    ).toBe(200);
  });
});
