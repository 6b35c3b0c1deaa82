import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalibrationReport, CameraModelJson } from '@poselab/contract';
import { pairTestPhone, type TestPhone } from '../capture/test-phones';
import { insertSession, insertTrialWithVideos, workerAuthorization } from '../jobs/processing-fixtures';
import { enqueueProcessing } from '../jobs/queue';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

const camera = (name: string): CameraModelJson => ({
  name,
  intrinsics: { width: 1080, height: 1920, fx: 1600, fy: 1600, cx: 540, cy: 960, dist: [0, 0, 0, 0, 0] },
  extrinsics: { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 3] },
});

/**
 * Re-recording one camera: the record call keeps the other cameras of the latest calibration (done, or refused
 * as a whole but with cameras that were fine), and the calibration job gets them with the camera to redo.
 */
describe('re-recording one camera of a calibration', () => {
  let t: TestApp;
  let auth: string;
  let sessionId: string;
  let phones: TestPhone[];
  beforeEach(async () => {
    t = await createTestApp();
    const user = await createUserWithToken(t.deps, {}, { verified: true });
    auth = user.authorization;
    sessionId = await insertSession(t.deps, user.user.id);
    const { pairing_secret: secret } = await t.deps.db
      .selectFrom('sessions')
      .select('pairing_secret')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    phones = [
      await pairTestPhone(t, { id: sessionId, secret }),
      await pairTestPhone(t, { id: sessionId, secret }),
    ];
  });
  afterEach(async () => {
    for (const p of phones) p.ws.terminate();
    await t.close();
  });

  const record = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}/record/?${query}`,
      headers: { authorization: auth },
    });

  /** A refused calibration trial whose report says phone 1 was fine and phone 2 missed the board. */
  async function refusedCalibration(): Promise<string> {
    const [a, b] = phones.map((p) => p.deviceId);
    const trialId = await insertTrialWithVideos(t.deps, sessionId, 'calibration', []);
    await t.deps.db.updateTable('trials').set({ status: 'error' }).where('id', '=', trialId).execute();
    const cameraReport = (deviceId: string, number: number, ok: boolean) => ({
      device_id: deviceId,
      device_name: `phone ${number}`,
      number,
      ok,
      kept: false,
      issues: ok ? [] : [{ code: 'board_not_found', params: { camera: number, frames: 24 }, message: 'x' }],
      frames_searched: 24,
      frames_with_board: ok ? 24 : 0,
      intrinsics_source: ok ? ('profile' as const) : null,
      reprojection_error_px: ok ? 0.2 : null,
      height_m: ok ? 0.3 : null,
      distance_to_board_m: ok ? 3 : null,
      agreement_m: null,
      agreement_px: null,
      board_window_s: ok ? ([0, 3.5] as [number, number]) : null,
      camera: ok ? camera(deviceId) : null,
    });
    const report: CalibrationReport = {
      ok: false,
      message: 'Only 1 camera was calibrated.',
      n_calibrated: 0,
      placement: 'Perpendicular',
      height_reference: 'board_corner',
      board_tilt_deg: 88,
      timing: 'checked',
      issues: [],
      cameras: [cameraReport(a, 1, true), cameraReport(b, 2, false)],
      recalibrated_from: null,
    };
    await t.deps.db
      .insertInto('results')
      .values({
        id: randomUUID(),
        trial_id: trialId,
        tag: 'calibration-report',
        device_id: null,
        storage_key: null,
        meta: JSON.stringify(report),
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    return trialId;
  }

  it('refuses when there is nothing to keep, or the phone is not connected', async () => {
    const nothing = await record(`name=calibration&recalibrate=${phones[1].deviceId}`);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(
      'There is no calibration of the other cameras to keep: record the calibration of all cameras.',
    );
    await refusedCalibration();
    const stranger = await record('name=calibration&recalibrate=someone-else');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toMatch(/not connected/);
    expect((await record(`name=walk&recalibrate=${phones[1].deviceId}`)).statusCode).toBe(400);
  });

  it('keeps the cameras that were fine and gives them to the calibration job with the camera to redo', async () => {
    const base = await refusedCalibration();
    t.clock.advance(1000);
    const res = await record(`name=calibration&recalibrate=${phones[1].deviceId}`);
    expect(res.statusCode, res.body).toBe(200);
    const trial = await t.deps.db
      .selectFrom('trials')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(trial.meta)).toMatchObject({
      recalibrate: [phones[1].deviceId],
      base_calibration_trial_id: base,
    });

    // The job of such a trial (videos in): the kept camera, the one to redo, the base trial.
    const job = await insertTrialWithVideos(
      t.deps,
      sessionId,
      'calibration',
      phones.map((p) => ({ deviceId: p.deviceId, bytes: Buffer.from('v') })),
    );
    await t.deps.db.updateTable('trials').set({ meta: trial.meta }).where('id', '=', job).execute();
    await t.deps.db.deleteFrom('trials').where('id', '=', trial.id).execute();
    await enqueueProcessing(t.deps, job);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/worker/jobs/claim/',
      headers: { authorization: await workerAuthorization(t.deps) },
      payload: { worker_id: 'w' },
    });
    const spec = claim.json().job;
    expect(spec).toMatchObject({
      kind: 'calibration',
      recalibrate_device_ids: [phones[1].deviceId],
      base_calibration_trial_id: base,
    });
    expect(spec.calibration.cameras.map((c: { device_id: string }) => c.device_id)).toEqual([
      phones[0].deviceId,
    ]);
  });
});
