import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerToPhone } from '@poselab/contract';
import { pairTestPhone, TEST_VIDEO_META, type TestPhone } from '../capture/test-phones';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Issue #19: phone tokens end after a day without use and with their session's trip to the recycle bin. */
describe('device tokens that end', () => {
  let t: TestApp;
  let auth: string;
  const phones: TestPhone[] = [];
  beforeEach(async () => {
    t = await createTestApp();
    auth = (await createUserWithToken(t.deps)).authorization;
  });
  afterEach(async () => {
    for (const p of phones.splice(0)) p.ws.terminate();
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { authorization: auth } });

  async function pairedSession(): Promise<{ id: string; phone: TestPhone }> {
    const [s] = (await call('GET', '/api/sessions/new/')).json<Array<{ id: string }>>();
    const { pairing_secret: secret } = await t.deps.db
      .selectFrom('sessions')
      .select('pairing_secret')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    const phone = await pairTestPhone(t, { id: s.id, secret });
    phones.push(phone);
    return { id: s.id, phone };
  }

  const deviceCall = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/capture/device/',
      headers: { authorization: `Device ${token}` },
    });

  /** Opens a socket with the token; resolves with the first answer (welcome) or the close code. */
  async function hello(token: string): Promise<string | number> {
    const ws = await t.app.injectWS('/api/capture/ws');
    return new Promise((resolve) => {
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as ServerToPhone;
        if (m.type === 'welcome') {
          ws.terminate();
          resolve('welcome');
        }
      });
      ws.on('close', (code) => resolve(code));
      ws.send(JSON.stringify({ type: 'hello', token }));
    });
  }

  it('live while used, refused after a day without use', async () => {
    const { phone } = await pairedSession();
    phone.ws.terminate();
    expect((await deviceCall(phone.token)).statusCode).toBe(200);
    t.clock.advance(20 * 3600_000);
    // Used within the day: the day starts again.
    expect((await deviceCall(phone.token)).statusCode).toBe(200);
    t.clock.advance(20 * 3600_000);
    expect((await deviceCall(phone.token)).statusCode).toBe(200);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await deviceCall(phone.token)).statusCode).toBe(401);
    expect(await hello(phone.token)).toBe(4401);
  });

  it('end for good when their session is trashed: calls, new sockets and the open socket', async () => {
    const { id, phone } = await pairedSession();
    expect((await call('POST', `/api/sessions/${id}/trash/`)).statusCode).toBe(200);
    expect((await deviceCall(phone.token)).statusCode).toBe(401);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: { authorization: `Device ${phone.token}` },
      payload: { trial_id: 'x', total_bytes: 10, meta: TEST_VIDEO_META },
    });
    expect(upload.statusCode).toBe(401);
    expect(await hello(phone.token)).toBe(4401);
    // The socket opened before the trash learns it at its next check.
    const closed = new Promise<number>((resolve) => phone.ws.once('close', (code) => resolve(code)));
    t.clock.advance(61_000);
    phone.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await phone.next('error')).toMatchObject({ type: 'error' });
    expect(await closed).toBe(4401);
    // Restoring the session does not bring the token back: the phone scans the QR code again.
    expect((await call('POST', `/api/sessions/${id}/restore/`)).statusCode).toBe(200);
    expect((await deviceCall(phone.token)).statusCode).toBe(401);
  });

  it('closes a socket that sends more than a phone ever would, before any hello', async () => {
    const ws = await t.app.injectWS('/api/capture/ws');
    const code = await new Promise<number>((resolve) => {
      ws.on('close', (c) => resolve(c));
      ws.send('x'.repeat(200_000));
    });
    expect(code).toBe(1009);
  });
});
