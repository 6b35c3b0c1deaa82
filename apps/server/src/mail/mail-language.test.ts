import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { lastCode, registerAndLogin } from '../test/accounts';

describe('e-mails in the profile language', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('writes the login code mail in German for a German user and in English otherwise', async () => {
    await registerAndLogin(t, {
      language: 'de',
      username: 'grete',
      email: 'grete@example.org',
      first_name: 'Grete',
    });
    const de = t.mailer.last()!;
    expect(de.subject).toBe(`PoseLab-Anmeldecode: ${lastCode(t)}`);
    expect(de.text).toContain('Hallo Grete,');
    expect(de.text).toContain(`Ihr PoseLab-Anmeldecode lautet: ${lastCode(t)}`);
    expect(de.text).toContain('Er ist 10 Minuten gültig.');
    expect(de.html).toContain('Ihr PoseLab-Team');
    expect(de.text).not.toMatch(/login code|valid for/);

    await registerAndLogin(t, {
      language: 'en',
      username: 'ann',
      email: 'ann@example.org',
      first_name: 'Ann',
    });
    const en = t.mailer.last()!;
    expect(en.subject).toBe(`PoseLab login code: ${lastCode(t)}`);
    expect(en.text).toContain('Hello Ann,');
  });

  it('writes the password reset mail in German for a German user', async () => {
    await registerAndLogin(t, { language: 'de', username: 'grete', email: 'grete@example.org' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: 'grete@example.org', host: 'http://x' },
    });
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.last()!;
    expect(mail.subject).toBe('PoseLab: Passwort zurücksetzen');
    expect(mail.text).toContain('Ihr Benutzername lautet: grete');
    expect(mail.text).toMatch(/\/new-password\/\S+/);
  });
});
