import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('app foundation', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('GET /api/health answers 200 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });

  it('unknown /api paths answer 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().message).toMatch(/No API route/);
  });

  it('GET /api/docs is an API reference page (Swagger UI from npm) reading /api/docs/json', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const html =
      page.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: String(page.headers.location) })
        : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('swagger-ui');
    // No assets from another host: the page runs offline.
    expect(html.body).not.toMatch(/src="https?:\/\//);
  });

  it('GET /api/docs/json is an OpenAPI 3 document built from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']?.get?.responses?.['200']).toBeDefined();
  });
});
