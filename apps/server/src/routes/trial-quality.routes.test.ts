import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session, Trial, TrialQuality } from '@poselab/contract';
import { enqueueProcessing } from '../jobs/queue';
import { TrialRepository } from '../repositories/trial.repository';
import { createUserWithToken } from '../test/fixtures';
import { seedSession, seedTrial } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Issue #14: a trial's quality figures and coded warnings (meta.quality, meta.warnings) through the trial API. */
let t: TestApp;
let auth: string;
let sessionId: string;
beforeEach(async () => {
  t = await createTestApp();
  const u = await createUserWithToken(t.deps);
  auth = u.authorization;
  sessionId = await seedSession(t.deps, u.user.id);
});
afterEach(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: auth } });

const quality: TrialQuality = {
  ik_marker_rms_mm: 21.5,
  ik_marker_worst: [{ marker: 'r_big_toe', rms_mm: 48.2 }],
  coordinates_at_limit: [{ coordinate: 'hip_flexion_l', limit: 'min', frames_pct: 12.5 }],
  reprojection: {
    mean_px: 9.9,
    per_camera: [{ device_id: 'd1', camera: 'Camera 1', mean_px: 8.1 }],
    per_keypoint: [{ keypoint: 'r_knee', mean_px: 7.2 }],
  },
  cameras_left_out: [
    { device_id: 'd2', camera: 'Camera 2', code: 'no_subject', reason: 'Subject not visible' },
  ],
};

async function withMeta(meta: unknown, status = 'done'): Promise<string> {
  const id = await seedTrial(t.deps, sessionId, { name: 'balancing', status });
  await new TrialRepository(t.deps.db).update(id, { meta: JSON.stringify(meta) });
  return id;
}

describe('trial quality and warnings in the trial API', () => {
  it('GET /trials/{id}/ and the session list show quality and coded warnings', async () => {
    const warning = {
      code: 'camera_left_out',
      params: { camera: 'Camera 2' },
      message: 'Camera 2 was left out.',
    };
    const id = await withMeta({ quality, warnings: [warning], frames: 100 });
    const trial = (await get(`/trials/${id}/`)).json<Trial>();
    expect(trial.meta.quality).toEqual(quality);
    expect(trial.meta.warnings).toEqual([warning]);
    expect(trial.meta.frames).toBe(100);
    const session = (await get(`/sessions/${sessionId}/`)).json<Session>();
    expect(session.trials.find((x) => x.id === id)?.meta).toMatchObject({ quality, warnings: [warning] });
  });

  it('plain-text warnings of older workers come back coded, so every client can list them', async () => {
    const id = await withMeta({
      warnings: ['Subject not visible in camera 3 (Pixel 7); it was left out.', ''],
    });
    expect((await get(`/trials/${id}/`)).json<Trial>().meta.warnings).toEqual([
      { code: 'uncoded', params: {}, message: 'Subject not visible in camera 3 (Pixel 7); it was left out.' },
    ]);
  });

  it('stored figures that do not match the contract are left out instead of failing the trial list', async () => {
    const id = await withMeta({
      quality: { ik_marker_rms_mm: 'bad' },
      warnings: [{ code: 'x' }, 42, { code: 'reprojection_high', params: { px: 31 }, message: 'High.' }],
      error_msg: 7,
    });
    const res = await get(`/sessions/${sessionId}/`);
    expect(res.statusCode).toBe(200);
    const meta = res.json<Session>().trials.find((x) => x.id === id)!.meta;
    expect(meta.quality).toBeUndefined();
    expect(meta.error_msg).toBeUndefined();
    expect(meta.warnings).toEqual([{ code: 'reprojection_high', params: { px: 31 }, message: 'High.' }]);
  });

  it('an error keeps its message next to the warnings', async () => {
    const id = await withMeta({ error_msg: 'IK marker error 15.3 cm: record again.', warnings: [] }, 'error');
    const trial = (await get(`/trials/${id}/`)).json<Trial>();
    expect(trial.status).toBe('error');
    expect(trial.meta).toMatchObject({ error_msg: 'IK marker error 15.3 cm: record again.', warnings: [] });
  });

  it('processing a trial again drops the figures and warnings of the run before', async () => {
    const id = await withMeta({ quality, warnings: [{ code: 'model_replaced', params: {}, message: 'x' }] });
    await enqueueProcessing(t.deps, id);
    const meta = (await get(`/trials/${id}/`)).json<Trial>().meta;
    expect(meta.quality).toBeUndefined();
    expect(meta.warnings).toBeUndefined();
  });
});
