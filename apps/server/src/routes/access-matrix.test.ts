import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@poselab/contract';
import type { EndpointDef } from '@poselab/contract';
import { pairTestPhone, TEST_VIDEO_META, type TestPhone } from '../capture/test-phones';
import { createWorkerToken } from '../jobs/worker-tokens';
import { UploadRepository } from '../repositories/upload.repository';
import { mediaKeys } from '../storage/media-keys';
import { createUserWithToken } from '../test/fixtures';
import { seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every API endpoint × every kind of caller (issue #19). Callers: nobody, a made-up token, a signed-in user
 * who has not entered the e-mailed code, another verified user, a phone of another session, a worker. The
 * rules: an endpoint's auth mode holds for every endpoint (401, 403 for a pending code), another user's object
 * ids answer 404 everywhere, and no caller makes an endpoint fail with a 5xx. The media route and the phone
 * socket are checked the same way.
 */
const endpoints = Object.entries(contract as Record<string, unknown>)
  .filter((e): e is [string, EndpointDef] => {
    const v = e[1] as Partial<EndpointDef> | null;
    return Boolean(v && typeof v === 'object' && v.method && v.path && v.auth);
  })
  .map(([name, ep]) => ({ name, ep }));

type Role = 'anonymous' | 'badToken' | 'unverified' | 'other' | 'device' | 'worker';

let t: TestApp;
const ids = { session: '', trial: '', subject: '', upload: '', username: '' };
const headers: Record<Role, Record<string, string>> = {
  anonymous: {},
  badToken: { authorization: 'Token not-a-real-token' },
  unverified: {},
  other: {},
  device: {},
  worker: {},
};
let phone: TestPhone | null = null;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUserWithToken(t.deps);
  const other = await createUserWithToken(t.deps);
  const unverified = await createUserWithToken(t.deps, {}, { verified: false });
  ids.username = owner.user.username;
  ids.subject = await seedSubject(t.deps, owner.user.id);
  ids.session = await seedSession(t.deps, owner.user.id, { subjectId: ids.subject });
  ids.trial = await seedTrial(t.deps, ids.session);
  // An upload in progress of the owner's session, from one of its phones.
  ids.upload = randomUUID();
  await new UploadRepository(t.deps.db).insertIfAbsent({
    id: ids.upload,
    trial_id: ids.trial,
    device_id: 'owner-phone',
    storage_key: mediaKeys.upload(ids.session, ids.trial, 'owner-phone', ids.upload),
    received_bytes: 0,
    total_bytes: 100,
    meta: JSON.stringify(TEST_VIDEO_META),
    created_at: t.clock.now().toISOString(),
    updated_at: t.clock.now().toISOString(),
  });
  // A phone paired to a session of the other user.
  const otherSession = await seedSession(t.deps, other.user.id);
  const { pairing_secret: secret } = await t.deps.db
    .selectFrom('sessions')
    .select('pairing_secret')
    .where('id', '=', otherSession)
    .executeTakeFirstOrThrow();
  phone = await pairTestPhone(t, { id: otherSession, secret });
  headers.unverified = { authorization: unverified.authorization };
  headers.other = { authorization: other.authorization };
  headers.device = { authorization: `Device ${phone.token}` };
  headers.worker = { authorization: `Worker ${await createWorkerToken(t.deps, 'matrix')}` };
});
afterAll(async () => {
  phone?.ws.terminate();
  await t?.close();
});

/** The owner's object each path parameter names. */
function pathFor(ep: EndpointDef): string {
  const base = ep.path.split('/')[1];
  const id =
    base === 'sessions'
      ? ids.session
      : base === 'trials' || base === 'trial-tags'
        ? ids.trial
        : base === 'subjects' || base === 'subject-tags'
          ? ids.subject
          : randomUUID();
  const params: Record<string, string> = {};
  // Parameters naming no object of the owner (job, result, input ids…) get ids that exist nowhere.
  for (const m of ep.path.matchAll(/:([A-Za-z_]+)/g)) params[m[1]] = randomUUID();
  Object.assign(params, { id, trialId: ids.trial, uploadId: ids.upload, username: ids.username });
  return `/api${contract.buildPath(ep.path, params)}`;
}

/** Bodies and queries valid enough that only who is calling decides the answer. */
const VALID_BODIES: Record<string, object> = {
  patchSessionEndpoint: { public: true },
  renameSessionEndpoint: { sessionNewName: 'taken_over' },
  renameTrialEndpoint: { trialNewName: 'taken_over' },
  modifyTrialTagsEndpoint: { trialNewTags: ['x'] },
  updateSubjectEndpoint: {
    name: 'Taken over',
    weight: 70,
    height: 1.8,
    birth_year: 1990,
    subject_tags: ['unimpaired'],
    terms: true,
  },
  // Issue #28: imports.
  reuseCalibrationEndpoint: { from_session_id: 'any-session' },
  startImportTrialEndpoint: {
    name: 'taken_over',
    files: [{ device_id: 'd', file_name: 'a.mp4', mime: 'video/mp4', total_bytes: 10 }],
  },
};
const QUERIES: Record<string, string> = {
  recordEndpoint: '?name=x',
  setSubjectEndpoint: '', // filled with the owner's subject below
  uploadChunkEndpoint: '?offset=0',
  importUploadChunkEndpoint: '?offset=0',
};

function request(name: string, ep: EndpointDef, role: Role) {
  let query = QUERIES[name] ?? '';
  if (name === 'setSubjectEndpoint') query = `?subject_id=${ids.subject}`;
  const body =
    name === 'createUploadEndpoint'
      ? { trial_id: ids.trial, total_bytes: 100, meta: TEST_VIDEO_META }
      : VALID_BODIES[name];
  const isChunk = name === 'uploadChunkEndpoint' || name === 'importUploadChunkEndpoint';
  if (ep.multipart && !isChunk) {
    // A small file in the field each upload call reads, so that only the caller decides the answer.
    const boundary = `matrix${randomUUID()}`;
    const field =
      name === 'updateProfilePictureEndpoint'
        ? 'profile_picture'
        : name === 'setAppConfigurationEndpoint'
          ? 'logo'
          : 'file';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    return t.app.inject({
      method: ep.method,
      url: pathFor(ep) + query,
      headers: { ...headers[role], 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }
  return t.app.inject({
    method: ep.method,
    url: pathFor(ep) + query,
    headers: {
      ...headers[role],
      ...(isChunk ? { 'content-type': 'application/octet-stream' } : {}),
    },
    ...(isChunk
      ? { payload: Buffer.from('0123456789') }
      : ep.method === 'GET'
        ? {}
        : { payload: body ?? {} }),
  });
}

/** Who must be turned away by authentication alone, per auth mode. */
const REFUSED: Record<string, Partial<Record<Role, number>>> = {
  user: { anonymous: 401, badToken: 401, device: 401, worker: 401, unverified: 403 },
  unverifiedUser: { anonymous: 401, badToken: 401, device: 401, worker: 401 },
  device: { anonymous: 401, badToken: 401, other: 401, worker: 401, unverified: 401 },
  worker: { anonymous: 401, badToken: 401, other: 401, device: 401, unverified: 401 },
};

/**
 * Whether the server registers the endpoint. The contract may declare calls whose server side another branch
 * is still building: they join the matrix by themselves once registered. Routes are registered without their
 * trailing slash (ignoreTrailingSlash). Asked lazily: the app exists only once beforeAll has run.
 */
function isServed(ep: EndpointDef): boolean {
  return t.app.hasRoute({ method: ep.method, url: `/api${ep.path}`.replace(/(.)\/$/, '$1') });
}

/** Path parameters that name an object of the owner. */
const OWNED_PARAM = /\/(sessions|trials|trial-tags|subjects|subject-tags)\/:id\//;
/** Calls whose answer for another user is not 'not found' by design (own data, public data). */
const NOT_OWNED = new Set(['validSessionsEndpoint']);

describe('endpoint × caller matrix', () => {
  it('covers every contract endpoint: the server serves them all', () => {
    expect(endpoints.length).toBeGreaterThan(60);
    expect(endpoints.filter(({ ep }) => !isServed(ep)).map((e) => e.name)).toEqual([]);
  });

  for (const { name, ep } of endpoints) {
    const refused = REFUSED[ep.auth] ?? {};
    for (const [role, status] of Object.entries(refused) as Array<[Role, number]>) {
      it(`${ep.method} ${ep.path} as ${role} → ${status}`, async (ctx) => {
        if (!isServed(ep)) return ctx.skip();
        const res = await request(name, ep, role);
        expect(res.statusCode, res.body).toBe(status);
      });
    }
    if (
      (ep.auth === 'user' || ep.auth === 'optionalUser') &&
      OWNED_PARAM.test(ep.path) &&
      !NOT_OWNED.has(name)
    ) {
      it(`${ep.method} ${ep.path} on the owner's object as another user → 404`, async (ctx) => {
        if (!isServed(ep)) return ctx.skip();
        const res = await request(name, ep, 'other');
        expect(res.statusCode, res.body).toBe(404);
      });
      it(`${ep.method} ${ep.path} on the owner's private object as nobody → 401/404`, async (ctx) => {
        if (!isServed(ep)) return ctx.skip();
        const res = await request(name, ep, 'anonymous');
        expect([401, 404], res.body).toContain(res.statusCode);
      });
    }
    if (ep.auth === 'device' && /uploadId|uploads\/$/.test(ep.path)) {
      it(`${ep.method} ${ep.path} on another session's trial or upload as a phone → 404`, async (ctx) => {
        if (!isServed(ep)) return ctx.skip();
        const res = await request(name, ep, 'device');
        expect(res.statusCode, res.body).toBe(404);
      });
    }
  }

  it('the media route answers 404 to everyone but the owner for a private session', async () => {
    const key = mediaKeys.result(ids.session, ids.trial, 'result.json');
    await t.deps.storage.put(key, Buffer.from('{}'));
    for (const role of ['anonymous', 'badToken', 'unverified', 'other', 'device', 'worker'] as Role[]) {
      const res = await t.app.inject({ url: `/api/media/${key}`, headers: headers[role] });
      expect(res.statusCode, role).toBe(404);
    }
  });

  it('the phone socket takes device tokens only', async () => {
    for (const token of [headers.other.authorization.slice(6), 'nonsense']) {
      const ws = await t.app.injectWS('/api/capture/ws');
      const code = await new Promise<number>((resolve) => {
        ws.on('close', (c) => resolve(c));
        ws.send(JSON.stringify({ type: 'hello', token }));
      });
      expect(code).toBe(4401);
    }
  });

  // Last: the sweep calls every endpoint as every caller (logout would end the callers' tokens: left out).
  it('no endpoint fails with a 5xx, whoever calls', async () => {
    for (const { name, ep } of endpoints) {
      if (name === 'logoutEndpoint' || !isServed(ep)) continue;
      for (const role of ['anonymous', 'badToken', 'unverified', 'other', 'device', 'worker'] as Role[]) {
        const res = await request(name, ep, role);
        expect(res.statusCode, `${ep.method} ${ep.path} as ${role}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});

describe('trashed trials and revoked media URLs, for every caller', () => {
  let app: TestApp;
  afterAll(async () => app?.close());

  it('a trashed trial of a public session disappears for everyone but its owner, URLs handed out included', async () => {
    app = await createTestApp();
    const owner = await createUserWithToken(app.deps);
    const other = await createUserWithToken(app.deps);
    const sessionId = await seedSession(app.deps, owner.user.id, { isPublic: true });
    const trialId = await seedTrial(app.deps, sessionId, { name: 'squat' });
    const key = mediaKeys.video(sessionId, trialId, 'dev1', 'mp4');
    await app.deps.storage.put(key, Buffer.from('video bytes'));
    await app.deps.db
      .insertInto('videos')
      .values({
        id: randomUUID(),
        trial_id: trialId,
        device_id: 'dev1',
        storage_key: key,
        mime: 'video/mp4',
        size_bytes: 11,
        fps: 60,
        width: 1,
        height: 1,
        rotation: 0,
        duration_sec: 1,
        start_time_ms: null,
        frame_timestamps: null,
        created_at: app.clock.now().toISOString(),
      })
      .execute();
    const callers = {
      owner: { authorization: owner.authorization },
      other: { authorization: other.authorization },
      anonymous: {},
    };
    const videoUrls: Record<string, string> = {};
    for (const [who, h] of Object.entries(callers)) {
      const session = await app.app.inject({ url: `/api/sessions/${sessionId}/`, headers: h });
      expect(session.statusCode, who).toBe(200);
      videoUrls[who] = session.json().trials[0].videos[0].video;
      expect((await app.app.inject({ url: videoUrls[who] })).body, who).toBe('video bytes');
    }
    const trash = await app.app.inject({
      method: 'POST',
      url: `/api/trials/${trialId}/trash/`,
      headers: callers.owner,
    });
    expect(trash.statusCode).toBe(200);
    for (const who of ['other', 'anonymous'] as const) {
      const h = callers[who];
      expect((await app.app.inject({ url: `/api/trials/${trialId}/`, headers: h })).statusCode, who).toBe(
        404,
      );
      expect(
        (await app.app.inject({ url: `/api/trial-tags/${trialId}/get_tags_trial/`, headers: h })).statusCode,
        who,
      ).toBe(404);
      const session = await app.app.inject({ url: `/api/sessions/${sessionId}/`, headers: h });
      expect(session.json().trials, who).toEqual([]);
      expect((await app.app.inject({ url: videoUrls[who] })).statusCode, who).toBe(404);
      expect((await app.app.inject({ url: `/api/media/${key}`, headers: h })).statusCode, who).toBe(404);
    }
    // Issue #29: a link is a bearer token, so even the owner's, handed out before the trash, ends at once;
    // the owner, signed in, still reaches the trial and gets a fresh link that works.
    expect((await app.app.inject({ url: videoUrls.owner })).statusCode).toBe(404);
    app.clock.advance(1000); // a link of the trash's own second counts as issued before it
    const ownTrial = await app.app.inject({ url: `/api/trials/${trialId}/`, headers: callers.owner });
    expect(ownTrial.statusCode).toBe(200);
    const fresh = ownTrial.json().videos[0].video as string;
    expect((await app.app.inject({ url: fresh })).body).toBe('video bytes');
  });

  it('URLs handed to visitors are revoked when the session turns private or goes to the recycle bin', async () => {
    const owner = await createUserWithToken(app.deps);
    const other = await createUserWithToken(app.deps);
    const sessionId = await seedSession(app.deps, owner.user.id, { isPublic: true });
    const trialId = await seedTrial(app.deps, sessionId);
    const key = mediaKeys.result(sessionId, trialId, 'ik.json');
    await app.deps.storage.put(key, Buffer.from('{"ik":1}'));
    await app.deps.db
      .insertInto('results')
      .values({
        id: randomUUID(),
        trial_id: trialId,
        tag: 'IK-json',
        device_id: null,
        storage_key: key,
        meta: '{}',
        created_at: app.clock.now().toISOString(),
      })
      .execute();
    const urlFor = async (h: Record<string, string>) =>
      (await app.app.inject({ url: `/api/trials/${trialId}/`, headers: h })).json().results[0]
        .media as string;
    const visitor = await urlFor({});
    const stranger = await urlFor({ authorization: other.authorization });
    const mine = await urlFor({ authorization: owner.authorization });
    const status = async (url: string) => (await app.app.inject({ url })).statusCode;
    expect([await status(visitor), await status(stranger), await status(mine)]).toEqual([200, 200, 200]);
    const patch = (isPublic: boolean) =>
      app.app.inject({
        method: 'PATCH',
        url: `/api/sessions/${sessionId}/`,
        headers: { authorization: owner.authorization },
        payload: { public: isPublic },
      });
    await patch(false);
    expect([await status(visitor), await status(stranger), await status(mine)]).toEqual([404, 404, 200]);
    await patch(true);
    await app.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/trash/`,
      headers: { authorization: owner.authorization },
    });
    // Issue #29: the owner's link from before the trash ends too; a link the owner gets afterwards works.
    expect([await status(visitor), await status(stranger), await status(mine)]).toEqual([404, 404, 404]);
    app.clock.advance(1000);
    const mineAfterTrash = await urlFor({ authorization: owner.authorization });
    expect(await status(mineAfterTrash)).toBe(200);
    await app.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/permanent_remove/`,
      headers: { authorization: owner.authorization },
    });
    expect(await status(mineAfterTrash)).toBe(404);
  });
});
