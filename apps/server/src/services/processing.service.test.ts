import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cameraCalibrationResult } from '@poselab/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import {
  insertDevices,
  insertSession,
  insertTrialWithVideos,
  workerAuthorization,
} from '../jobs/processing-fixtures';
import { enqueueProcessing } from '../jobs/queue';

const QCA = resolve(
  import.meta.dirname,
  '../../../../../shared/data/pose2sim-demo/calibration/Calib.qca.txt',
);
const hasData = existsSync(QCA);
if (!hasData)
  console.warn(`Skipping calibration import tests: ${QCA} is absent (../shared/data not checked out).`);

function multipart(
  fileName: string,
  text: string,
  mapping?: unknown,
): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.set('file', new Blob([text]), fileName);
  if (mapping !== undefined) form.set('mapping', JSON.stringify(mapping));
  const req = new Request('http://x', { method: 'POST', body: form });
  return req.arrayBuffer().then((b) => ({ body: Buffer.from(b), type: req.headers.get('content-type')! }));
}

describe('calibration import and processing status', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof createUserWithToken>>;
  let sessionId: string;
  beforeEach(async () => {
    t = await createTestApp();
    user = await createUserWithToken(t.deps, {}, { verified: true });
    sessionId = await insertSession(t.deps, user.user.id);
  });
  afterEach(() => t.close());

  const upload = async (
    fileName: string,
    text: string,
    authorization = user.authorization,
    mapping?: unknown,
    path = 'import_calibration/',
  ) => {
    const { body, type } = await multipart(fileName, text, mapping);
    return t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/${path}`,
      headers: { authorization, 'content-type': type },
      payload: body,
    });
  };
  const storedCalibration = async (trialId: string) => {
    const row = await t.deps.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', '=', trialId)
      .executeTakeFirstOrThrow();
    expect(row.tag).toBe('camera-calibration');
    return cameraCalibrationResult.parse(JSON.parse(row.meta));
  };

  it.skipIf(!hasData)(
    'a 4-camera Qualisys file in a 2-phone session: proposes an assignment, stores the one chosen, says "2 of 4 cameras assigned"',
    async () => {
      const qca = readFileSync(QCA, 'utf8');
      const devices = await insertDevices(t.deps, sessionId, ['phone 1', 'phone 2']);
      const preview = await upload('Calib.qca.txt', qca, undefined, undefined, 'import_calibration/preview/');
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toEqual({
        source: 'qualisys',
        cameras: [
          { index: 0, name: 'cam_01', width: 1088, height: 1920 },
          { index: 1, name: 'cam_02', width: 1088, height: 1920 },
          { index: 2, name: 'cam_03', width: 1088, height: 1920 },
          { index: 3, name: 'cam_04', width: 1088, height: 1920 },
        ],
        devices: [
          { id: devices[0], name: 'phone 1', number: 1 },
          { id: devices[1], name: 'phone 2', number: 2 },
        ],
        mapping: [devices[0], devices[1], null, null],
      });
      // Nothing is stored by the preview.
      expect(await t.deps.db.selectFrom('trials').selectAll().execute()).toEqual([]);

      // The user puts cam_03 on phone 1 and cam_01 on phone 2.
      const res = await upload('Calib.qca.txt', qca, undefined, [devices[1], null, devices[0], null]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        n_cameras: 4,
        n_assigned: 2,
        unassigned: ['cam_02', 'cam_04'],
        message: '2 of 4 cameras assigned.',
      });
      const { trial_id } = res.json();
      const trial = await t.deps.db
        .selectFrom('trials')
        .selectAll()
        .where('id', '=', trial_id)
        .executeTakeFirstOrThrow();
      expect(trial).toMatchObject({ name: 'calibration', status: 'done' });
      const cal = await storedCalibration(trial_id);
      expect(cal).toMatchObject({ source: 'qualisys', assignment: 'explicit' });
      expect(cal.cameras.map((c) => [c.camera.name, c.device_id])).toEqual([
        ['cam_01', devices[1]],
        ['cam_03', devices[0]],
      ]);
      expect(cal.cameras[0].camera.intrinsics.fx).toBeCloseTo(1681.2, 0);
      const n = await t.app.inject({
        method: 'GET',
        url: `/api/sessions/${sessionId}/get_n_calibrated_cameras/`,
        headers: { authorization: user.authorization },
      });
      expect(n.json()).toEqual({ data: 2 });
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/sessions/${sessionId}/calibration_img/`,
        headers: { authorization: user.authorization },
      });
      expect(status.json()).toEqual({ status: 'done' });

      // A phone paired later does not silently get one of the cameras left out.
      t.clock.advance(1000);
      const late = await insertDevices(t.deps, sessionId, ['phone 3']);
      const neutral = await insertTrialWithVideos(
        t.deps,
        sessionId,
        'neutral',
        [...devices, ...late].map((d) => ({ deviceId: d, bytes: Buffer.from('v') })),
      );
      await enqueueProcessing(t.deps, neutral);
      const claim = await t.app.inject({
        method: 'POST',
        url: '/api/worker/jobs/claim/',
        headers: { authorization: await workerAuthorization(t.deps) },
        payload: { worker_id: 'w' },
      });
      const spec = claim.json().job;
      expect(spec.kind).toBe('neutral');
      expect(spec.calibration.cameras.map((c: { device_id: string }) => c.device_id)).toEqual([
        devices[1],
        devices[0],
      ]);
    },
  );

  it.skipIf(!hasData)(
    'without an assignment the proposal is used: names first, then pairing order',
    async () => {
      const devices = await insertDevices(t.deps, sessionId, ['phone 1', 'cam_03', 'phone 3']);
      const res = await upload('Calib.qca.txt', readFileSync(QCA, 'utf8'));
      expect(res.json()).toMatchObject({ message: '3 of 4 cameras assigned.', unassigned: ['cam_04'] });
      const cal = await storedCalibration(res.json().trial_id);
      expect(cal.cameras.map((c) => [c.camera.name, c.device_id])).toEqual([
        ['cam_01', devices[0]],
        ['cam_02', devices[2]],
        ['cam_03', devices[1]],
      ]);
    },
  );

  it.skipIf(!hasData)('refuses assignments that cannot be used, with the reason', async () => {
    const qca = readFileSync(QCA, 'utf8');
    const [a, b] = await insertDevices(t.deps, sessionId, ['phone 1', 'phone 2']);
    const cases: Array<[unknown, RegExp]> = [
      [[a, a, null, null], /Each phone can take only one camera/],
      [[a, 'not-a-phone', null, null], /cam_02 is assigned to a phone that is not paired/],
      [[a, null, null, null], /Assign at least 2 cameras to phones \(1 of 4 cameras assigned\)/],
      [[a, b], /The assignment lists 2 cameras; the file has 4/],
      [{ a: 1 }, /list of phone ids/],
    ];
    for (const [mapping, message] of cases) {
      const res = await upload('Calib.qca.txt', qca, undefined, mapping);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.deps.db.selectFrom('trials').selectAll().execute()).toEqual([]);
  });

  it('refuses unreadable files, other users and missing files with clear messages', async () => {
    const bad = await upload('calib.toml', '[cam_1]\nname = "x"\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/could not be read/);
    const other = await createUserWithToken(t.deps, {}, { verified: true });
    expect((await upload('calib.toml', 'x', other.authorization)).statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/import_calibration/`,
      headers: { authorization: user.authorization },
    });
    expect(none.statusCode).toBe(400);
  });

  it('answers 404 when the session has no calibration trial yet', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}/neutral_img/`,
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode).toBe(404);
  });
});
