import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Trial } from '@poselab/contract';
import { createUserWithToken } from '../test/fixtures';
import { seedMedia, seedSession, seedTrial } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let auth: string;
let userId: string;
let sessionId: string;
beforeEach(async () => {
  t = await createTestApp();
  const u = await createUserWithToken(t.deps);
  auth = u.authorization;
  userId = u.user.id;
  sessionId = await seedSession(t.deps, userId);
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: object = {}, authorization: string | null = auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: authorization ? { authorization } : {},
    payload,
  });
const get = (url: string, authorization: string | null = auth) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authorization ? { authorization } : {} });

describe('trials', () => {
  it('GET answers results, progress and meta', async () => {
    const id = await seedTrial(t.deps, sessionId, { name: 'walk', tags: ['walking'] });
    const res = await get(`/trials/${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Trial>()).toMatchObject({
      id,
      name: 'walk',
      session: sessionId,
      tags: ['walking'],
      progress_info: { percent: null },
    });
  });

  it('renames with alpha_dash_custom, reserved names and uniqueness that ignores its own name', async () => {
    const id = await seedTrial(t.deps, sessionId, { name: 'walk' });
    await seedTrial(t.deps, sessionId, { name: 'run' });
    expect((await post(`/trials/${id}/rename/`, { trialNewName: 'walk' })).statusCode).toBe(200);
    const renamed = await post(`/trials/${id}/rename/`, { trialNewName: 'walk-2_b' });
    expect(renamed.json<Trial>().name).toBe('walk-2_b');
    const dup = await post(`/trials/${id}/rename/`, { trialNewName: 'run' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.trialNewName).toEqual([
      'A trial with this name already exists in the session. Please choose a different name.',
    ]);
    const bad = await post(`/trials/${id}/rename/`, { trialNewName: 'has space' });
    expect(bad.json().errors.trialNewName).toEqual([
      'Only alphanumeric, hyphen and underscore characters allowed.',
    ]);
    for (const reserved of ['neutral', 'calibration', 'Neutral']) {
      const r = await post(`/trials/${id}/rename/`, { trialNewName: reserved });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe("The names 'neutral' and 'calibration' are reserved.");
    }
    expect((await post(`/trials/${id}/rename/`, { trialNewName: '' })).statusCode).toBe(400);
  });

  it('refuses to rename the neutral trial', async () => {
    const id = await seedTrial(t.deps, sessionId, { name: 'neutral' });
    expect((await post(`/trials/${id}/rename/`, { trialNewName: 'other' })).statusCode).toBe(400);
  });

  it('refuses rename and tags while uploading or processing', async () => {
    for (const status of ['stopped', 'processing']) {
      const id = await seedTrial(t.deps, sessionId, { status });
      const r = await post(`/trials/${id}/rename/`, { trialNewName: `x_${status}` });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('The trial cannot be changed while it is uploading or processing.');
      expect((await post(`/trials/${id}/modifyTags/`, { trialNewTags: ['walking'] })).statusCode).toBe(409);
    }
  });

  it('modifyTags replaces the tags; the tag list answers one item per tag', async () => {
    const id = await seedTrial(t.deps, sessionId, { tags: ['running'] });
    const r = await post(`/trials/${id}/modifyTags/`, { trialNewTags: ['walking', 'squat', 'walking'] });
    expect(r.json<Trial>().tags).toEqual(['walking', 'squat']);
    expect((await get(`/trial-tags/${id}/get_tags_trial/`)).json()).toEqual([
      { id, tag: 'walking' },
      { id, tag: 'squat' },
    ]);
  });

  it('trash, restore and permanent_remove (media deleted)', async () => {
    const id = await seedTrial(t.deps, sessionId);
    const key = await seedMedia(t.deps, sessionId, id);
    expect((await post(`/trials/${id}/trash/`)).json<Trial>().trashed).toBe(true);
    const restored = await post(`/trials/${id}/restore/`);
    expect(restored.json<Trial>()).toMatchObject({ id, trashed: false, trashed_at: null });
    expect((await post(`/trials/${id}/permanent_remove/`)).statusCode).toBe(200);
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect((await get(`/trials/${id}/`)).statusCode).toBe(404);
  });

  it("keeps a calibration trial another session's 'same setup' depends on", async () => {
    const calib = await seedTrial(t.deps, sessionId, { name: 'calibration' });
    await seedSession(t.deps, userId, { calibrationSessionId: sessionId });
    const r = await post(`/trials/${calib}/permanent_remove/`);
    expect(r.statusCode).toBe(409);
    expect((await get(`/trials/${calib}/`)).statusCode).toBe(200);
  });

  it('answers 404 to another user for every trial call; a private trial is hidden from visitors', async () => {
    const id = await seedTrial(t.deps, sessionId);
    const other = await createUserWithToken(t.deps);
    expect((await get(`/trials/${id}/`, other.authorization)).statusCode).toBe(404);
    expect((await get(`/trials/${id}/`, null)).statusCode).toBe(404);
    expect((await get(`/trial-tags/${id}/get_tags_trial/`, other.authorization)).statusCode).toBe(404);
    const calls: Array<[string, object]> = [
      [`/trials/${id}/rename/`, { trialNewName: 'x' }],
      [`/trials/${id}/modifyTags/`, { trialNewTags: [] }],
      [`/trials/${id}/trash/`, {}],
      [`/trials/${id}/restore/`, {}],
      [`/trials/${id}/permanent_remove/`, {}],
    ];
    for (const [url, body] of calls) {
      expect((await post(url, body, other.authorization)).statusCode, url).toBe(404);
    }
    expect((await get(`/trials/${id}/`)).statusCode).toBe(200);
  });
});
