import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DATA_SHARING_CHOICES } from '@poselab/contract';
import { importTomlCalibration } from '@poselab/pipeline';
import { seedArchiveSession, type ArchiveFixture } from '../test/archive-fixtures';
import { fetchReadyZip, get, runArchiveJobs } from '../test/archive-helpers';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { readZip } from '../test/zip-reader';
import { pairTestPhone } from '../capture/test-phones';
import { mediaKeys } from '../storage/media-keys';
import { startFakeS3, type FakeS3 } from '../test/fake-s3';

/** The folders and generated files every session folder has, beside the stored files of the fixture. */
const GENERATED = [
  '',
  'CalibrationImages/',
  'MarkerData/',
  'OpenSimData/',
  'OpenSimData/Model/',
  'OpenSimData/Kinematics/',
  'Videos/',
  'README.txt',
  'sessionMetadata.yaml',
  'Videos/calibration.toml',
  'Videos/Cam0/cameraIntrinsicsExtrinsics.json',
  'Videos/Cam1/cameraIntrinsicsExtrinsics.json',
];

/** Every folder above the given files. */
function folders(paths: string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/').slice(0, -1);
    parts.forEach((_, i) => out.add(`${parts.slice(0, i + 1).join('/')}/`));
  }
  return [...out];
}

function expectedTree(fx: ArchiveFixture, withVideos: boolean): string[] {
  const stored = [...fx.expected.keys()].filter((p) => withVideos || !p.startsWith('Videos/Cam'));
  const analyses = ['Analyses/walk/gait_metrics.csv'];
  const all = new Set([...GENERATED, ...stored, ...analyses, ...folders([...stored, ...analyses])]);
  return [...all].map((p) => `OpenCapData_${fx.sessionId}/${p}`).sort();
}

describe('data downloads: archive layout, sync and async', () => {
  let t: TestApp;
  let owner: { authorization: string; user: { id: string } };
  let fx: ArchiveFixture;

  beforeEach(async () => {
    t = await createTestApp();
    owner = await createUserWithToken(t.deps, {}, { verified: true });
    fx = await seedArchiveSession(t.deps, owner.user.id);
  });
  afterEach(() => t.close());

  it("makes the owner's archive in OpenCap's layout: 202 while made, then 200 with a link to the whole zip", async () => {
    const started = await get(
      t,
      `/sessions/${fx.sessionId}/async-download/?with_videos=true`,
      owner.authorization,
    );
    expect(started.statusCode, started.body).toBe(200);
    const { task_id } = started.json<{ task_id: string }>();
    const waiting = await get(t, `/logs/${task_id}/on-ready/`, owner.authorization);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toMatchObject({ state: 'queued' });

    expect(await runArchiveJobs(t)).toEqual(['done']);
    const ready = await get(t, `/logs/${task_id}/on-ready/`, owner.authorization);
    expect(ready.json()).toMatchObject({ state: 'ready', file_name: `OpenCapData_${fx.sessionId}.zip` });
    const entries = await readZip(await fetchReadyZip(t, task_id, owner.authorization));
    const byName = new Map(entries.map((e) => [e.name, e]));
    expect([...byName.keys()].sort()).toEqual(expectedTree(fx, true));
    const base = `OpenCapData_${fx.sessionId}/`;
    for (const [path, bytes] of fx.expected)
      expect(byName.get(base + path)?.data.equals(bytes), path).toBe(true);
    // Videos and images are stored as they are; text is deflated.
    expect(byName.get(`${base}Videos/Cam0/InputMedia/walk/walk_sync.mp4`)?.method).toBe(0);
    expect(byName.get(`${base}MarkerData/walk.trc`)?.method).toBe(8);
    expect([...byName.keys()].some((n) => n.includes('jump'))).toBe(false);

    const yaml = parseYaml(byName.get(`${base}sessionMetadata.yaml`)!.data.toString()) as Record<
      string,
      unknown
    >;
    expect(yaml).toMatchObject({
      subjectID: fx.subjectId,
      mass_kg: 71.5,
      height_m: 1.76,
      sex: 'woman',
      openSimModel: 'LaiUhlrich2022',
      markerAugmentationSettings: { markerAugmenterModel: 'v0.3' },
      filterFrequency: 'default',
      framerate: 60,
      checkerBoard: {
        black2BlackCornersWidth_n: 5,
        black2BlackCornersHeight_n: 4,
        squareSideLength_mm: 35,
        placement: 'backWall',
      },
      iphoneModel: { Cam0: 'Pixel 8', Cam1: 'test' },
    });
    const cams = importTomlCalibration(byName.get(`${base}Videos/calibration.toml`)!.data.toString());
    expect(cams.map((c) => c.name)).toEqual(['Cam0', 'Cam1']);
    expect(cams[1].extrinsics.t[0]).toBeCloseTo(0.5, 9);
    expect(cams[0].intrinsics).toMatchObject({ fx: 1500, cx: 540 });
    const camJson = JSON.parse(
      byName.get(`${base}Videos/Cam1/cameraIntrinsicsExtrinsics.json`)!.data.toString(),
    );
    expect(camJson).toMatchObject({
      camera: 'Cam1',
      device_id: fx.deviceIds[1],
      extrinsics: { t: [0.5, 0, 3] },
    });
    const csv = byName.get(`${base}Analyses/walk/gait_metrics.csv`)!.data.toString().trim().split('\n');
    expect(csv[0]).toBe('section,key,label,side,value,sd,min,max,units');
    expect(csv).toContain('metric,step,Step length,left,0.61,,,,m/s');
    expect(csv).toContain('metric,step,Step length,right,0.63,,,,m/s');
    const readme = byName.get(`${base}README.txt`)!.data.toString();
    for (const folder of [
      'CalibrationImages/',
      'MarkerData/',
      'OpenSimData/Model/',
      'OpenSimData/Kinematics/',
      'Videos/',
      'Analyses/',
    ])
      expect(readme).toContain(folder);
    // A checkerboard-calibrated session: each camera's calibration image under OpenCap's name.
    expect([...byName.keys()].filter((n) => n.startsWith(`${base}CalibrationImages/`)).sort()).toEqual([
      `${base}CalibrationImages/`,
      `${base}CalibrationImages/calib_imgCam0.png`,
      `${base}CalibrationImages/calib_imgCam1.png`,
    ]);
    expect(readme).toMatch(/calib_imgCam<i>\.png: the checkerboard as camera i saw it/);
    expect(readme).not.toMatch(/CalibrationImages\/\n {2}Empty/);

    // The same request while the archive is ready is answered with the same task.
    const again = await get(
      t,
      `/sessions/${fx.sessionId}/async-download/?with_videos=true`,
      owner.authorization,
    );
    expect(again.json()).toEqual({ task_id });
  });

  it('says in the README why CalibrationImages/ is empty when the calibration was imported from a file', async () => {
    const imported = await seedArchiveSession(t.deps, owner.user.id, { calibration: 'toml' });
    const res = await get(t, `/sessions/${imported.sessionId}/download/`, owner.authorization);
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    const base = `OpenCapData_${imported.sessionId}/`;
    expect(entries.filter((e) => e.name.startsWith(`${base}CalibrationImages/`)).map((e) => e.name)).toEqual([
      `${base}CalibrationImages/`,
    ]);
    const readme = entries.find((e) => e.name === `${base}README.txt`)!.data.toString();
    const section = readme.slice(readme.indexOf('CalibrationImages/'), readme.indexOf('MarkerData/'));
    expect(section).toMatch(/Empty: the cameras were calibrated from a file/);
    expect(section).not.toMatch(/calib_imgCam/);
  });

  it('leaves the videos out when asked to, and makes a new archive once the data changed', async () => {
    const first = (
      await get(t, `/sessions/${fx.sessionId}/async-download/?with_videos=false`, owner.authorization)
    ).json().task_id;
    await runArchiveJobs(t);
    const entries = await readZip(await fetchReadyZip(t, first, owner.authorization));
    expect(entries.map((e) => e.name).sort()).toEqual(expectedTree(fx, false));
    await t.deps.db.updateTable('trials').set({ trashed: 1 }).where('id', '=', fx.trialIds.squat).execute();
    const second = (
      await get(t, `/sessions/${fx.sessionId}/async-download/?with_videos=false`, owner.authorization)
    ).json().task_id;
    expect(second).not.toBe(first);
  });

  it('streams the same archive from the old synchronous calls (session and subject_results_{id}.zip)', async () => {
    const res = await get(t, `/sessions/${fx.sessionId}/download/`, owner.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`OpenCapData_${fx.sessionId}.zip`);
    expect((await readZip(res.rawPayload)).map((e) => e.name).sort()).toEqual(expectedTree(fx, true));

    const subject = await get(t, `/subjects/${fx.subjectId}/download/`, owner.authorization);
    expect(subject.statusCode).toBe(200);
    expect(subject.headers['content-disposition']).toContain(`subject_results_${fx.subjectId}.zip`);
    const names = (await readZip(subject.rawPayload)).map((e) => e.name).sort();
    const prefix = `OpenCapData_Subject_${fx.subjectId}/`;
    expect(names).toEqual([prefix, ...expectedTree(fx, true).map((n) => prefix + n)].sort());
  });

  it("makes a subject's archive asynchronously with its sessions' folders inside", async () => {
    const other = await seedArchiveSession(t.deps, owner.user.id);
    await t.deps.db
      .updateTable('sessions')
      .set({ subject_id: fx.subjectId })
      .where('id', '=', other.sessionId)
      .execute();
    const { task_id } = (
      await get(t, `/subjects/${fx.subjectId}/async-download/`, owner.authorization)
    ).json();
    await runArchiveJobs(t);
    const names = (await readZip(await fetchReadyZip(t, task_id, owner.authorization))).map((e) => e.name);
    const root = `OpenCapData_Subject_${fx.subjectId}/`;
    expect(names).toContain(`${root}OpenCapData_${fx.sessionId}/OpenSimData/Kinematics/walk.mot`);
    expect(names).toContain(`${root}OpenCapData_${other.sessionId}/MarkerData/squat.trc`);
    expect(names.every((n) => n.startsWith(root))).toBe(true);
  });
});

describe('data downloads: who may have them', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const calls = (fx: ArchiveFixture) => [
    `/sessions/${fx.sessionId}/download/`,
    `/sessions/${fx.sessionId}/async-download/`,
    `/subjects/${fx.subjectId}/download/`,
    `/subjects/${fx.subjectId}/async-download/`,
  ];

  it('answers 404 to another user, an anonymous visitor and a phone token for a private session', async () => {
    const owner = await createUserWithToken(t.deps, {}, { verified: true });
    const stranger = await createUserWithToken(t.deps, {}, { verified: true });
    const fx = await seedArchiveSession(t.deps, owner.user.id);
    const session = await t.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', fx.sessionId)
      .executeTakeFirstOrThrow();
    const phone = await pairTestPhone(t, { id: fx.sessionId, secret: session.pairing_secret });
    phone.ws.terminate();
    for (const url of calls(fx)) {
      expect((await get(t, url, stranger.authorization)).statusCode, url).toBe(404);
      expect((await get(t, url, `Device ${phone.token}`)).statusCode, url).toBeGreaterThanOrEqual(401);
      const anonymous = (await get(t, url)).statusCode;
      expect(url.startsWith('/subjects') ? [401, 404] : [404], url).toContain(anonymous);
    }
    // Session calls take anonymous callers (public sessions), so a phone token there is simply anonymous: 404.
    expect(
      (await get(t, `/sessions/${fx.sessionId}/async-download/`, `Device ${phone.token}`)).statusCode,
    ).toBe(404);
    expect((await get(t, `/sessions/${fx.sessionId}/download/`, `Device ${phone.token}`)).statusCode).toBe(
      404,
    );
    // Nor may others poll the owner's task.
    const { task_id } = (
      await get(t, `/sessions/${fx.sessionId}/async-download/`, owner.authorization)
    ).json();
    expect((await get(t, `/logs/${task_id}/on-ready/`, stranger.authorization)).statusCode).toBe(404);
    expect((await get(t, `/logs/${task_id}/on-ready/`)).statusCode).toBe(404);
    await runArchiveJobs(t);
    expect((await get(t, `/logs/${task_id}/on-ready/`, stranger.authorization)).statusCode).toBe(404);
    expect((await get(t, `/logs/not-a-task/on-ready/`, owner.authorization)).statusCode).toBe(404);
  });

  it('gives visitors of a public session its processed data, and videos only when identified videos are shared', async () => {
    const owner = await createUserWithToken(t.deps, {}, { verified: true });
    const visitor = await createUserWithToken(t.deps, {}, { verified: true });
    const deidentified = await seedArchiveSession(t.deps, owner.user.id, {
      public: true,
      dataSharing: DATA_SHARING_CHOICES[1],
    });
    for (const auth of [undefined, visitor.authorization]) {
      const sync = await readZip(
        (await get(t, `/sessions/${deidentified.sessionId}/download/`, auth)).rawPayload,
      );
      // Calibration images may show people: under 'de-identified' they stay with the owner (issue #27).
      expect(sync.map((e) => e.name).sort()).toEqual(
        expectedTree(deidentified, false).filter((p) => !/CalibrationImages\/.+\.png$/.test(p)),
      );
    }
    const { task_id } = (
      await get(t, `/sessions/${deidentified.sessionId}/async-download/?with_videos=true`)
    ).json();
    await runArchiveJobs(t);
    const names = (await readZip(await fetchReadyZip(t, task_id))).map((e) => e.name);
    expect(names.filter((n) => n.endsWith('.mp4'))).toEqual([]);
    expect(names).toContain(`OpenCapData_${deidentified.sessionId}/OpenSimData/Kinematics/walk.mot`);
    // The owner still gets everything, as a separate archive.
    const mine = (
      await get(t, `/sessions/${deidentified.sessionId}/async-download/`, owner.authorization)
    ).json();
    expect(mine.task_id).not.toBe(task_id);

    const identified = await seedArchiveSession(t.deps, owner.user.id, { public: true });
    const withVideos = await readZip(
      (await get(t, `/sessions/${identified.sessionId}/download/`)).rawPayload,
    );
    expect(withVideos.map((e) => e.name).sort()).toEqual(expectedTree(identified, true));

    // A session made private again takes its public archive with it.
    await t.deps.db
      .updateTable('sessions')
      .set({ public: 0 })
      .where('id', '=', deidentified.sessionId)
      .execute();
    expect((await get(t, `/logs/${task_id}/on-ready/`)).statusCode).toBe(404);
    // Subjects are never public.
    expect(
      (await get(t, `/subjects/${identified.subjectId}/download/`, visitor.authorization)).statusCode,
    ).toBe(404);
  });
});

describe('data downloads on S3', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3('archives');
  });
  afterAll(() => s3.close());
  beforeEach(async () => {
    t = await createTestApp(s3.env);
  });
  afterEach(() => t.close());

  it('streams a zip larger than one part into a multipart upload and links it presigned, whole', async () => {
    const owner = await createUserWithToken(t.deps, {}, { verified: true });
    const fx = await seedArchiveSession(t.deps, owner.user.id);
    // A 12 MB synced video makes the zip span two 8 MiB parts.
    const big = Buffer.alloc(12e6, 7);
    const key = mediaKeys.result(fx.sessionId, fx.trialIds.squat, 'video-sync-big.mp4');
    await t.deps.storage.put(key, big);
    await t.deps.db
      .updateTable('results')
      .set({ storage_key: key })
      .where('trial_id', '=', fx.trialIds.squat)
      .where('tag', '=', 'video-sync')
      .where('device_id', '=', fx.deviceIds[0])
      .execute();
    const { task_id } = (
      await get(t, `/sessions/${fx.sessionId}/async-download/`, owner.authorization)
    ).json();
    expect(await runArchiveJobs(t)).toEqual(['done']);
    const ready = (await get(t, `/logs/${task_id}/on-ready/`, owner.authorization)).json<{
      url: string;
      size_bytes: number;
    }>();
    // The link is the API's (checked at each request, issue #19); it redirects to a presigned S3 URL.
    expect(ready.url.startsWith('/api/media/archives/')).toBe(true);
    const redirect = await t.app.inject({ method: 'GET', url: ready.url });
    expect(redirect.statusCode).toBe(302);
    const presigned = String(redirect.headers.location);
    expect(presigned.startsWith(s3.settings.endpoint!)).toBe(true);
    expect(presigned).toContain('X-Amz-Signature');
    const zip = Buffer.from(await (await fetch(presigned)).arrayBuffer());
    expect(zip.length).toBe(ready.size_bytes);
    const entries = await readZip(zip);
    const synced = entries.find((e) => e.name.endsWith('Cam0/InputMedia/squat/squat_sync.mp4'));
    expect(synced?.data.equals(big)).toBe(true);
  });
});
