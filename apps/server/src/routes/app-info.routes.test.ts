import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

describe('GET /api/app-info/ (SUPPORT_EMAIL)', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('answers the configured support address to anyone', async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@lab.example.org' });
    const res = await t.app.inject({ method: 'GET', url: '/api/app-info/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ support_email: 'help@lab.example.org' });
  });

  it('answers null when no support address is set', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/app-info/' })).json()).toEqual({
      support_email: null,
    });
  });

  it('refuses a SUPPORT_EMAIL that is not an e-mail address at start', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });
});
