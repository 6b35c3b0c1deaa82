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

function multipart(fileName: string, text: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.set('file', new Blob([text]), fileName);
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

  const upload = async (fileName: string, text: string, authorization = user.authorization) => {
    const { body, type } = await multipart(fileName, text);
    return t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/import_calibration/`,
      headers: { authorization, 'content-type': type },
      payload: body,
    });
  };

  it.skipIf(!hasData)(
    'imports the Qualisys demo calibration, mapping cameras to devices in pairing order or by name',
    async () => {
      const devices = await insertDevices(t.deps, sessionId, ['phone 1', 'cam_03', 'phone 3']);
      const res = await upload('Calib.qca.txt', readFileSync(QCA, 'utf8'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ n_cameras: 4, message: '4 devices calibrated successfully.' });
      const { trial_id } = res.json();
      const trial = await t.deps.db
        .selectFrom('trials')
        .selectAll()
        .where('id', '=', trial_id)
        .executeTakeFirstOrThrow();
      expect(trial).toMatchObject({ name: 'calibration', status: 'done' });
      const row = await t.deps.db
        .selectFrom('results')
        .selectAll()
        .where('trial_id', '=', trial_id)
        .executeTakeFirstOrThrow();
      expect(row.tag).toBe('camera-calibration');
      const cal = cameraCalibrationResult.parse(JSON.parse(row.meta));
      expect(cal.source).toBe('qualisys');
      expect(cal.cameras.map((c) => [c.camera.name, c.device_id])).toEqual([
        ['cam_01', devices[0]],
        ['cam_02', devices[2]],
        ['cam_03', devices[1]],
        ['cam_04', null],
      ]);
      expect(cal.cameras[0].camera.intrinsics.fx).toBeCloseTo(1681.2, 0);
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/sessions/${sessionId}/calibration_img/`,
        headers: { authorization: user.authorization },
      });
      expect(status.json()).toEqual({ status: 'done' });

      // A neutral trial of the 4th phone paired later gets the unmapped camera when its job is built.
      t.clock.advance(1000);
      const late = await insertDevices(t.deps, sessionId, ['phone 4']);
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
      expect(spec.calibration.cameras[3].device_id).toBe(late[0]);
      expect(spec.videos.map((v: { device_id: string }) => v.device_id)).toEqual([...devices, ...late]);
    },
  );

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
