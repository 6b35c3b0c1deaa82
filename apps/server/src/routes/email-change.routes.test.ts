import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES as S } from '@poselab/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { verifiedAccount } from '../test/accounts';

/** Issue #19: an e-mail change needs the current password and a link from the new address. */
describe('changing the e-mail address', () => {
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
  const profile = (email: string, extra: Record<string, unknown> = {}) => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    ...extra,
  });
  const storedEmail = async (username: string) =>
    (
      await t.deps.db
        .selectFrom('users')
        .select('email')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).email;
  const linkIn = (text: string) => /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('refuses a new address without the current password or with a wrong one, changing nothing', async () => {
    const ada = await verifiedAccount(t);
    const sent = t.mailer.messages.length;
    const bare = await post('/api/update_profile/', profile('mallory@evil.test'), ada.authorization);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ current_password: [S.currentPasswordRequired] });
    const wrong = await post(
      '/api/update_profile/',
      profile('mallory@evil.test', { current_password: 'x'.repeat(24), first_name: 'Mallory' }),
      ada.authorization,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: [S.currentPasswordWrong] });
    expect(await storedEmail('ada_l')).toBe('ada@example.org');
    const row = await t.deps.db.selectFrom('users').select('first_name').executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Ada');
    expect(t.mailer.messages.length).toBe(sent);
  });

  it('changes the address only through the link sent to it, tells the old address, and works once', async () => {
    const ada = await verifiedAccount(t);
    const sent = t.mailer.messages.length;
    const res = await post(
      '/api/update_profile/',
      profile('Ada.New@Example.org', { current_password: ada.password }),
      ada.authorization,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ada@example.org', pending_email: 'ada.new@example.org' });
    expect(await storedEmail('ada_l')).toBe('ada@example.org');
    const mails = t.mailer.messages.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['ada.new@example.org', 'ada@example.org']);
    const confirm = mails.find((m) => m.to === 'ada.new@example.org')!;
    expect(confirm.subject).toBe('Confirm your new PoseLab e-mail address');
    const notice = mails.find((m) => m.to === 'ada@example.org')!;
    expect(notice.subject).toBe('Your PoseLab e-mail address is about to change');
    expect(notice.text).toContain('ada.new@example.org');
    expect(notice.text).toContain('http://localhost:8080/reset-password');
    const info = await post('/api/get_user_info/', { username: 'ada_l' }, ada.authorization);
    expect(info.json().pending_email).toBe('ada.new@example.org');

    const token = linkIn(confirm.text)!;
    const ok = await post('/api/confirm-email-change/', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: S.emailChanged('ada.new@example.org'),
      email: 'ada.new@example.org',
    });
    expect(await storedEmail('ada_l')).toBe('ada.new@example.org');
    const twice = await post('/api/confirm-email-change/', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(S.emailChangeLinkInvalid);
    // Password resets now go to the confirmed address.
    await post('/api/reset-password/', { email: 'ada.new@example.org' });
    expect(t.mailer.last()?.to).toBe('ada.new@example.org');
  });

  it('answers the same for an address of another account and tells that account instead', async () => {
    const ada = await verifiedAccount(t);
    await verifiedAccount(t, { username: 'bob', email: 'bob@example.org' });
    const free = await post(
      '/api/update_profile/',
      profile('free@example.org', { current_password: ada.password }),
      ada.authorization,
    );
    const sent = t.mailer.messages.length;
    const taken = await post(
      '/api/update_profile/',
      profile('BOB@example.org', { current_password: ada.password }),
      ada.authorization,
    );
    expect(taken.statusCode).toBe(free.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json().pending_email).toBe('bob@example.org');
    const mails = t.mailer.messages.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['ada@example.org', 'bob@example.org']);
    const toBob = mails.find((m) => m.to === 'bob@example.org')!;
    expect(toBob.subject).toBe('Someone tried to use your e-mail address');
    expect(linkIn(toBob.text)).toBeUndefined();
    expect(await storedEmail('ada_l')).toBe('ada@example.org');
    expect(await storedEmail('bob')).toBe('bob@example.org');
  });

  it('writes the e-mails in the user’s language', async () => {
    const ada = await verifiedAccount(t, { language: 'de' });
    const sent = t.mailer.messages.length;
    await post(
      '/api/update_profile/',
      profile('ada.neu@example.org', { current_password: ada.password, language: 'de' }),
      ada.authorization,
    );
    const subjects = t.mailer.messages.slice(sent).map((m) => m.subject);
    expect(subjects).toContain('Bestätigen Sie Ihre neue E-Mail-Adresse für PoseLab');
    expect(subjects).toContain('Ihre E-Mail-Adresse bei PoseLab soll geändert werden');
  });

  it('a link expires after 24 hours, and a new password cancels a waiting change', async () => {
    const ada = await verifiedAccount(t);
    await post(
      '/api/update_profile/',
      profile('a1@example.org', { current_password: ada.password }),
      ada.authorization,
    );
    const first = linkIn(t.mailer.messages.find((m) => m.to === 'a1@example.org')!.text)!;
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await post('/api/confirm-email-change/', { token: first })).statusCode).toBe(400);

    await post(
      '/api/update_profile/',
      profile('a2@example.org', { current_password: ada.password }),
      ada.authorization,
    );
    const second = linkIn(t.mailer.messages.find((m) => m.to === 'a2@example.org')!.text)!;
    await post('/api/reset-password/', { email: 'ada@example.org' });
    const reset = /\/new-password\/([A-Za-z0-9_-]+)/.exec(t.mailer.last()!.text)![1];
    expect((await post('/api/new-password/', { token: reset, password: 'n'.repeat(24) })).statusCode).toBe(
      200,
    );
    expect((await post('/api/confirm-email-change/', { token: second })).statusCode).toBe(400);
    expect(await storedEmail('ada_l')).toBe('ada@example.org');
  });
});
