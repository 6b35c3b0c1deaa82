import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { verifiedAccount } from '../test/accounts';

describe("a profile's e-mail for its Contact link", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const info = (username: string, authorization?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/get_user_info/',
        payload: { username },
        headers: authorization ? { authorization } : {},
      })
      .then((r) => r.json<Record<string, unknown>>());

  it('is shown to others only once the user chose to show it, and hidden again when they stop', async () => {
    const ada = await verifiedAccount(t);
    const bob = await verifiedAccount(t, { username: 'bob', email: 'bob@example.org' });
    expect(await info('ada_l', bob.authorization)).toMatchObject({ public_email: null });
    expect(JSON.stringify(await info('ada_l'))).not.toContain('ada@example.org');
    expect(await info('ada_l', ada.authorization)).toMatchObject({ show_email: false, public_email: null });

    const update = (show: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update_profile/',
        headers: { authorization: ada.authorization },
        payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', show_email: show },
      });
    const res = await update(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ show_email: true, public_email: 'ada@example.org' });
    expect(await info('ada_l', bob.authorization)).toMatchObject({ public_email: 'ada@example.org' });
    expect(await info('ada_l')).toMatchObject({ public_email: 'ada@example.org' });

    await update(false);
    expect(await info('ada_l', bob.authorization)).toMatchObject({ public_email: null });
    // Other private fields never go out with it.
    expect(await info('ada_l', bob.authorization)).not.toHaveProperty('email');
  });
});
