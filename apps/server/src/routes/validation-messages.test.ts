import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, VALIDATION_MESSAGES as V } from '@poselab/contract';
import { registration, verifiedAccount } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue #29: a 400 answers the contract's messages only (never zod's English), a length error is named as one,
 * and a profile's website is an http(s) address, never a javascript: link.
 */
describe('validation answers', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const register = (overrides: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/register/', payload: registration(overrides) });

  it('names an over-long institution as too long, and names the field', async () => {
    const res = await register({ institution: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: V.fieldError('institution', V.tooLong(300)),
      errors: { institution: [V.tooLong(300)] },
    });
    expect((await register({ institution: '' })).json().message).toBe(M.institutionRequired);
  });

  it('refuses websites that are not http(s) addresses, at registration and on the profile', async () => {
    for (const website of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'https://javascript:alert(1)',
    ]) {
      const res = await register({ website });
      expect(res.statusCode, website).toBe(400);
      expect(res.json().errors.website, website).toEqual([M.websiteInvalid]);
    }
    const ada = await verifiedAccount(t, { website: 'example.org' });
    const update = (website: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update_profile/',
        headers: { authorization: ada.authorization },
        payload: { first_name: 'Ada', last_name: 'L', email: 'ada@example.org', website },
      });
    const bad = await update('javascript:alert(1)');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.websiteInvalid);
    const stored = await t.deps.db.selectFrom('users').select('website').executeTakeFirstOrThrow();
    expect(stored.website).toBe('example.org');
    expect((await update('https://ada.example.org/about')).statusCode).toBe(200);
    expect((await update('')).statusCode).toBe(200);
  });

  it('answers a wrong type or a wrong choice with a contract message', async () => {
    const res = await register({ language: 'fr', unit: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ language: [V.choice], unit: [V.choice] });
    expect(res.json().message).toMatch(/^Field "(language|unit)": Choose one of the offered values\.$/);
  });
});
