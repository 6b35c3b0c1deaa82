import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppDeps } from '../deps';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { LocalBus, PgNotifyBus, type CaptureBus } from './bus';
import { pairTestPhone, type TestPhone } from './test-phones';

/**
 * Two API replicas over one database: phone A keeps its socket on replica A, phone B on replica B, and the
 * browser talks to either. On PostgreSQL (the CI's second run) the replicas meet through LISTEN/NOTIFY on the
 * test database; on SQLite through an in-process bus with the same asynchronous delivery.
 */
let base: TestApp;
let a: TestApp;
let b: TestApp;
const apps: FastifyInstance[] = [];
const buses: CaptureBus[] = [];
const phones: TestPhone[] = [];
let auth: string;

async function newBus(deps: AppDeps, shared: LocalBus): Promise<CaptureBus> {
  if (!deps.config.databaseUrl) return shared;
  const bus = new PgNotifyBus(deps.config.databaseUrl);
  await bus.listening();
  buses.push(bus);
  return bus;
}

/** Another API process over the same database, with its own hub on the bus. */
async function replica(shared: LocalBus): Promise<TestApp> {
  const deps: AppDeps = { ...base.deps, captureBus: await newBus(base.deps, shared) };
  const app = await buildApp(deps, { serveWeb: false });
  await app.ready();
  apps.push(app);
  return { ...base, app, deps };
}

beforeEach(async () => {
  base = await createTestApp();
  const shared = new LocalBus();
  buses.push(shared);
  a = await replica(shared);
  b = await replica(shared);
  auth = (await createUserWithToken(base.deps)).authorization;
});
afterEach(async () => {
  for (const p of phones.splice(0)) p.ws.terminate();
  for (const app of apps.splice(0)) await app.close();
  // The buses' connections go before the test database is dropped.
  for (const bus of buses.splice(0)) await bus.close();
  await base.close();
});

const get = (t: TestApp, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: auth } });

async function newSession(): Promise<{ id: string; secret: string }> {
  const [s] = (await get(a, '/api/sessions/new/')).json<Array<{ id: string }>>();
  const row = await a.deps.db
    .selectFrom('sessions')
    .select('pairing_secret')
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow();
  return { id: s.id, secret: row.pairing_secret };
}

/** Polls until the condition holds (presence crosses replicas asynchronously). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const connected = async (t: TestApp, sessionId: string): Promise<number> =>
  (await get(t, `/api/sessions/${sessionId}/status/`)).json<{ n_cameras_connected: number }>()
    .n_cameras_connected;

describe('phone connections across API replicas', () => {
  it('counts, records and stops phones connected to another replica', async () => {
    const s = await newSession();
    const phoneA = await pairTestPhone(a, s);
    const phoneB = await pairTestPhone(b, s);
    phones.push(phoneA, phoneB);
    await eventually(async () => (await connected(a, s.id)) === 2, 'replica A to see both phones');
    await eventually(async () => (await connected(b, s.id)) === 2, 'replica B to see both phones');

    const rec = await get(b, `/api/sessions/${s.id}/record/?name=walk_1`);
    expect(rec.statusCode, rec.body).toBe(200);
    const trialId = rec.json<{ id: string }>().id;
    expect(await phoneA.next('record')).toMatchObject({ type: 'record', trial_id: trialId });
    expect(await phoneB.next('record')).toMatchObject({ type: 'record', trial_id: trialId });

    phoneA.ws.send(JSON.stringify({ type: 'state', state: 'recording', trial_id: trialId }));
    await eventually(
      async () =>
        (await get(b, `/api/sessions/${s.id}/status/`))
          .json<{ devices: Array<{ id: string; state: string }> }>()
          .devices.some((d) => d.id === phoneA.deviceId && d.state === 'recording'),
      "replica B to see phone A's state",
    );

    expect((await get(a, `/api/sessions/${s.id}/stop/`)).statusCode).toBe(200);
    expect(await phoneA.next('stop')).toMatchObject({ trial_id: trialId });
    expect(await phoneB.next('stop')).toMatchObject({ trial_id: trialId });

    phoneA.ws.terminate();
    await eventually(async () => (await connected(a, s.id)) === 1, 'replica A to see phone A leave');
    await eventually(async () => (await connected(b, s.id)) === 1, 'replica B to see phone A leave');
  });

  it('moves phones held by another replica to the new session of the same setup', async () => {
    const s = await newSession();
    const phoneA = await pairTestPhone(a, s);
    phones.push(phoneA);
    await eventually(async () => (await connected(b, s.id)) === 1, 'replica B to see the phone');
    const res = await get(b, `/api/sessions/${s.id}/new_subject/`);
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<{ id: string }>().id;
    expect(await phoneA.next('newSession')).toMatchObject({ session_id: next });
    await eventually(async () => (await connected(a, next)) === 1, 'replica A to move the phone');
    await eventually(async () => (await connected(b, next)) === 1, 'replica B to see it moved');
    expect(await connected(b, s.id)).toBe(0);
  });
});
