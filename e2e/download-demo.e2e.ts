/**
 * SLOW (minutes on 2 cores): acceptance 1 of the downloads issue. The pose2sim demo goes through the real
 * worker (calibration imported from its Qualisys file, the static clip as the neutral, the balancing clip as
 * two trials) in the embedded pool; the session's archive is then made by the archive job in the same pool.
 * The zip must pass `unzip -t`, have exactly OpenCap's tree, and its .trc, .mot and .osim must read back
 * through packages/biomech with the values the viewer shows (the 3D viewer's transforms are recomputed from
 * the zip's model and motion). Default settings: the neutral and trials run on SPEC §9's LaiUhlrich2022_shoulder
 * with augmenter v0.3 (issue #24), and the files read as OpenCap's scripts read them (support-free parser,
 * packages/biomech/src/testing/opencap-reader.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUGMENTER_V03,
  readMot,
  readOsim,
  readTrc,
  SHIPPED_MODELS_DIR,
  visualizerTransforms,
} from '../packages/biomech/src/index';
import { readMotAsOpenCap, readTrcAsOpenCap } from '../packages/biomech/src/testing/opencap-reader';
import type { TestPhone } from '../apps/server/src/capture/test-phones';
import { systemClock } from '../apps/server/src/deps';
import { startEmbeddedPool, type EmbeddedPool } from '../apps/server/src/jobs/embedded-pool';
import { createUserWithToken } from '../apps/server/src/test/fixtures';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { readZip } from '../apps/server/src/test/zip-reader';
import {
  DEMO,
  demoSessionWithPhones,
  recordDemoTrial,
  unitTestPoseCacheDir,
  until,
} from './support/demo-recording';

const hasDemo = existsSync(join(DEMO, 'calibration', 'Calib.qca.txt'));
const TRIALS = ['balancing', 'balancing_2'];

describe.skipIf(!hasDemo)('session archive of the processed pose2sim demo (slow)', () => {
  let t: TestApp;
  let auth: string;
  let pool: EmbeddedPool | null = null;
  const phones: TestPhone[] = [];
  const heartbeat = setInterval(() => {
    for (const p of phones) p.ws.send(JSON.stringify({ type: 'heartbeat' }));
  }, 5000);

  const previousCache = process.env.POSE_CACHE_DIR;

  beforeAll(async () => {
    // The archive is under test, not detection: the embedded worker (threads get this process's environment)
    // reuses the unit tests' detections of these very clips.
    process.env.POSE_CACHE_DIR = unitTestPoseCacheDir;
    t = await createTestApp({ LOG_LEVEL: 'warn' });
    t.deps.clock = systemClock;
    auth = (await createUserWithToken(t.deps, {}, { verified: true })).authorization;
  });
  afterAll(async () => {
    if (previousCache === undefined) delete process.env.POSE_CACHE_DIR;
    else process.env.POSE_CACHE_DIR = previousCache;
    clearInterval(heartbeat);
    for (const p of phones) p.ws.terminate();
    await pool?.stop();
    await t?.close();
  });

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: auth } });

  it('processes a neutral and two trials, then downloads them as a whole zip in OpenCap’s layout', async () => {
    const { sessionId, imported } = await demoSessionWithPhones(t, auth, phones);
    expect(imported.statusCode, imported.body).toBe(200);

    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, idleMs: 500 });
    const t0 = performance.now();
    const trialDone = (id: string) =>
      until(
        `trial ${id} processed`,
        async () => {
          const tr = (await get(`/trials/${id}/`)).json();
          return tr.status === 'done' || tr.status === 'error' ? tr : null;
        },
        900_000,
      );
    const neutral = await trialDone(
      await recordDemoTrial(
        t,
        auth,
        sessionId,
        phones,
        'neutral',
        'static',
        '&subject_mass=70&subject_height=1.8',
      ),
    );
    expect(neutral.status, neutral.meta.error_msg).toBe('done');
    // Default settings run SPEC §9's model and augmenter, shipped with PoseLab: nothing is replaced.
    expect(neutral.meta).toMatchObject({ model: 'LaiUhlrich2022_shoulder', augmenter: 'v0.3' });
    const replaced = ['model_replaced', 'augmenter_missing', 'augmenter_replaced'];
    expect(neutral.meta.warnings.filter((w: { code: string }) => replaced.includes(w.code))).toEqual([]);
    const trials = [];
    for (const name of TRIALS) {
      const tr = await trialDone(await recordDemoTrial(t, auth, sessionId, phones, name, 'balancing'));
      expect(tr.status, tr.meta.error_msg).toBe('done');
      trials.push(tr);
    }
    console.log(
      `neutral and ${TRIALS.length} trials processed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const t1 = performance.now();
    const { task_id } = (await get(`/sessions/${sessionId}/async-download/?with_videos=true`)).json();
    const ready = await until(
      'archive ready',
      async () => {
        const r = await get(`/logs/${task_id}/on-ready/`);
        if (r.statusCode === 500) throw new Error(r.body);
        return r.statusCode === 200 ? r.json<{ url: string }>() : null;
      },
      300_000,
    );
    const zip = (await t.app.inject({ method: 'GET', url: ready.url })).rawPayload;
    console.log(
      `archive of ${(zip.length / 1e6).toFixed(1)} MB ready in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'poselab-archive-')), `OpenCapData_${sessionId}.zip`);
    writeFileSync(file, zip);
    const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    console.log(test.error ? 'unzip not installed' : test.stdout.split('\n').slice(-3).join('\n'));
    if (!test.error) expect(test.status, test.stdout + test.stderr).toBe(0);

    const entries = await readZip(zip);
    const names = entries.map((e) => e.name.slice(`OpenCapData_${sessionId}/`.length)).sort();
    console.log(names.join('\n'));
    const tree = [
      '',
      'CalibrationImages/',
      'MarkerData/',
      'MarkerData/neutral.trc',
      ...TRIALS.map((n) => `MarkerData/${n}.trc`),
      'OpenSimData/',
      'OpenSimData/Kinematics/',
      'OpenSimData/Kinematics/neutral.mot',
      ...TRIALS.map((n) => `OpenSimData/Kinematics/${n}.mot`),
      'OpenSimData/Model/',
      'OpenSimData/Model/LaiUhlrich2022_shoulder_scaled.osim',
      'README.txt',
      'Videos/',
      'Videos/calibration.toml',
      ...[0, 1, 2, 3].flatMap((c) => [
        `Videos/Cam${c}/`,
        `Videos/Cam${c}/cameraIntrinsicsExtrinsics.json`,
        `Videos/Cam${c}/InputMedia/`,
        `Videos/Cam${c}/InputMedia/neutral/`,
        `Videos/Cam${c}/InputMedia/neutral/neutral.mp4`,
        ...TRIALS.flatMap((n) => [
          `Videos/Cam${c}/InputMedia/${n}/`,
          `Videos/Cam${c}/InputMedia/${n}/${n}.mp4`,
          `Videos/Cam${c}/InputMedia/${n}/${n}_sync.mp4`,
        ]),
      ]),
      'sessionMetadata.yaml',
    ];
    expect(names).toHaveLength(tree.length);
    expect(names).toEqual(expect.arrayContaining(tree));
    const entry = (suffix: string) => entries.find((e) => e.name.endsWith(suffix))!.data.toString('utf8');

    // Read as OpenCap's processing scripts read them: every coordinate of the model in its order, in degrees,
    // a time column; the .trc's declared units (what the README says too) and its marker names.
    const model = readOsim(entry('_scaled.osim'));
    const shipped = readFileSync(join(SHIPPED_MODELS_DIR, 'LaiUhlrich2022_shoulder.osim'), 'utf8');
    const coordinates = [...shipped.matchAll(/<Coordinate name="([^"]+)"/g)].map((m) => m[1]);
    expect(model.coordinates.map((c) => c.name)).toEqual(coordinates);
    for (const name of ['neutral', ...TRIALS]) {
      const mot = readMotAsOpenCap(entry(`Kinematics/${name}.mot`));
      expect(mot.inDegrees, name).toBe(true);
      expect(mot.labels, name).toEqual(['time', ...coordinates]);
      const trc = readTrcAsOpenCap(entry(`MarkerData/${name}.trc`));
      expect(trc.units, name).toBe('m');
      expect(trc.markers, name).toEqual(
        expect.arrayContaining(['Neck', 'RBigToe', 'midHip', ...AUGMENTER_V03.flatMap((p) => p.responses)]),
      );
      const pelvis = trc.marker('r.ASIS_study').map((p) => p[1]);
      expect(Math.min(...pelvis), `${name}: ASIS height in metres`).toBeGreaterThan(0.5);
      expect(Math.max(...pelvis), `${name}: ASIS height in metres`).toBeLessThan(1.5);
    }
    expect(entry('README.txt')).toMatch(/\.trc, metres, the Units field of its header/);
    // The demo's cameras come from its Qualisys file: CalibrationImages/ is empty, and the README says why.
    expect(names.filter((n) => n.startsWith('CalibrationImages/'))).toEqual(['CalibrationImages/']);
    expect(entry('README.txt')).toMatch(
      /CalibrationImages\/\n {2}Empty: the cameras were calibrated from a file/,
    );

    // The model and each trial's motion from the zip give the transforms the 3D viewer draws.
    for (const [i, name] of TRIALS.entries()) {
      const motion = readMot(entry(`Kinematics/${name}.mot`));
      const viz = trials[i].results.find((r: { tag: string }) => r.tag === 'visualizerTransforms-json');
      const shown = (await t.app.inject({ method: 'GET', url: viz.media })).json();
      const recomputed = visualizerTransforms(model, motion);
      expect(recomputed.time.length).toBe(shown.time.length);
      let worst = 0;
      for (const [body, b] of Object.entries(shown.bodies as Record<string, { translation: number[][] }>)) {
        for (let f = 0; f < b.translation.length; f += 7)
          for (let k = 0; k < 3; k++)
            worst = Math.max(
              worst,
              Math.abs(recomputed.bodies[body].translation[f][k] - b.translation[f][k]),
            );
      }
      console.log(
        `${name}: ${motion.time.length} frames; largest body translation difference ${worst.toExponential(2)} m`,
      );
      expect(worst).toBeLessThan(1e-4);
      // The .trc reads back with the frames and markers of the stored result.
      const trc = readTrc(entry(`MarkerData/${name}.trc`));
      const stored = trials[i].results.find((r: { tag: string }) => r.tag === 'marker_data');
      const original = readTrc((await t.app.inject({ method: 'GET', url: stored.media })).body);
      expect(trc.names).toEqual(original.names);
      expect(trc.frames.length).toBe(original.frames.length);
      expect(trc.frames[0][0]).toBeCloseTo(original.frames[0][0], 9);
    }
  }, 1_800_000);
});
