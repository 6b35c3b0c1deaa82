import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { mailBanner } from '../mail/console-banner';
import { createTestApp, type TestApp } from '../test/test-app';
import { loggerOptions } from './logging';

describe('server log', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('writes one line per request, with method, path, status and time', async () => {
    t = await createTestApp();
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const app = await buildApp(t.deps, { logger: { level: 'info', stream }, serveWeb: false });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/nope/' });
    await app.close();
    const requestLines = lines.filter((l) => typeof l.msg === 'string' && /^GET \//.test(l.msg as string));
    expect(requestLines.map((l) => (l.msg as string).replace(/\d+(\.\d)? ms$/, 'N ms'))).toEqual([
      'GET /api/health 200 N ms',
      'GET /api/nope/ 404 N ms',
    ]);
    // Nothing else per request (Fastify's own 'incoming request' / 'request completed' pair is off).
    expect(lines.filter((l) => /incoming request|request completed/.test(String(l.msg)))).toEqual([]);
  });

  it('is readable text on a terminal and JSON otherwise', () => {
    expect(loggerOptions('info', 'auto', true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions('info', 'auto', false)).toEqual({ level: 'info' });
    expect(loggerOptions('info', 'json', true)).toEqual({ level: 'info' });
    expect(loggerOptions('info', 'pretty', false)).toMatchObject({ transport: { target: 'pino-pretty' } });
  });

  it('frames the e-mailed code so that it stands out', () => {
    const banner = mailBanner(
      { to: 'ann@example.org', subject: 'PoseLab login code: 123456', highlight: 'code=123456' },
      false,
    );
    const rows = banner.split('\n');
    expect(rows[0]).toMatch(/^=+$/);
    expect(rows.at(-1)).toBe(rows[0]);
    expect(rows).toContain(`| ${'code=123456'.padEnd(rows[0].length - 4)} |`);
    expect(
      mailBanner({ to: 'a@b.c', subject: 's', highlight: 'code=1' }, true).startsWith('\u001b[1;33m'),
    ).toBe(true);
  });
});
