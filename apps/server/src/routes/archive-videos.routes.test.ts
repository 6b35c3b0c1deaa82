import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_SHARING_CHOICES } from '@poselab/contract';
import { addBlurredCopies, seedArchiveSession, type ArchiveFixture } from '../test/archive-fixtures';
import { fetchReadyZip, get, runArchiveJobs } from '../test/archive-helpers';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { readZip, type ZipEntryRead } from '../test/zip-reader';

const [IDENTIFIED, DEIDENTIFIED, PROCESSED] = DATA_SHARING_CHOICES;

/**
 * Issue #27, the owner's Download data: 'videos: original / de-identified / none' (query `videos`; SPEC §7's
 * with_videos=false means none). The owner gets the copy asked for; a visitor never more than the subject's
 * choice allows. The fixture's 'walk' trial has blurred copies, 'squat' and the others none.
 */
describe('data downloads: which copy of the videos', () => {
  let t: TestApp;
  let owner: { authorization: string; user: { id: string } };
  beforeEach(async () => {
    t = await createTestApp();
    owner = await createUserWithToken(t.deps, {}, { verified: true });
  });
  afterEach(() => t.close());

  async function seed(choice: string, isPublic = false): Promise<ArchiveFixture> {
    const fx = await seedArchiveSession(t.deps, owner.user.id, { public: isPublic, dataSharing: choice });
    await addBlurredCopies(t.deps, fx, 'walk');
    return fx;
  }

  const entriesOf = async (fx: ArchiveFixture, query: string, authorization?: string) => {
    const res = await get(t, `/sessions/${fx.sessionId}/download/${query}`, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return readZip(res.rawPayload);
  };

  /** The session folder's videos as 'Cam0/walk/walk_sync.mp4 → its text' and its calibration images. */
  function summary(fx: ArchiveFixture, entries: ZipEntryRead[]) {
    const base = `OpenCapData_${fx.sessionId}/`;
    const videos: Record<string, string> = {};
    for (const e of entries)
      if (e.name.endsWith('.mp4'))
        videos[e.name.slice(base.length).replace('Videos/', '').replace('InputMedia/', '')] = e.data
          .toString()
          .slice(0, 40)
          .trim();
    const images = entries.filter((e) => /CalibrationImages\/.+\.png$/.test(e.name)).length;
    const readme = entries.find((e) => e.name === `${base}README.txt`)!.data.toString();
    return { videos, images, readme };
  }

  const BLURRED_WALK = {
    'Cam0/walk/walk.mp4': 'blurred video-deidentified 0',
    'Cam1/walk/walk.mp4': 'blurred video-deidentified 1',
    'Cam0/walk/walk_sync.mp4': 'blurred video-sync-deidentified 0',
    'Cam1/walk/walk_sync.mp4': 'blurred video-sync-deidentified 1',
  };

  it('gives the owner the originals, the blurred copies or no video, as asked', async () => {
    const fx = await seed(IDENTIFIED);
    const original = summary(fx, await entriesOf(fx, '?videos=original', owner.authorization));
    expect(original.videos['Cam0/walk/walk_sync.mp4']).toMatch(/^synced walk 0/);
    expect(original.videos['Cam1/squat/squat.mp4']).toMatch(/^raw squat camera 1/);
    expect(Object.values(original.videos).some((v) => v.startsWith('blurred'))).toBe(false);
    expect(original.images).toBe(2);
    // Absent `videos` is today's download: the same files.
    const plain = summary(fx, await entriesOf(fx, '', owner.authorization));
    expect(plain.videos).toEqual(original.videos);

    const blurred = summary(fx, await entriesOf(fx, '?videos=deidentified', owner.authorization));
    // Only the blurred copies, under the originals' names; no calibration image (it may show people).
    expect(blurred.videos).toEqual(BLURRED_WALK);
    expect(blurred.images).toBe(0);
    expect(blurred.readme).toMatch(/de-identified: every face\s+blurred/);
    expect(blurred.readme).toMatch(/Empty: the calibration images show the room/);
    // Videos without a blurred copy are left out, and the README lists them.
    const leftOut = blurred.readme.slice(blurred.readme.indexOf('Left out because'));
    for (const path of [
      'Videos/Cam0/InputMedia/squat/squat.mp4',
      'Videos/Cam1/InputMedia/squat/squat_sync.mp4',
      'Videos/Cam1/InputMedia/broken/broken.mp4',
    ])
      expect(leftOut).toContain(`    ${path}\n`);
    expect(leftOut).not.toContain('/walk/');

    const none = summary(fx, await entriesOf(fx, '?videos=none', owner.authorization));
    expect(none.videos).toEqual({});
    // 'none' leaves out the videos only: the owner keeps the calibration images.
    expect(none.images).toBe(2);
    expect(none.readme).toMatch(/Videos were left out of this download/);
    // SPEC §7's with_videos=false is 'none', whatever `videos` says.
    for (const q of ['?with_videos=false', '?with_videos=false&videos=original'])
      expect(summary(fx, await entriesOf(fx, q, owner.authorization)).videos, q).toEqual({});
    const bad = await get(t, `/sessions/${fx.sessionId}/download/?videos=blurred`, owner.authorization);
    expect(bad.statusCode).toBe(400);
  });

  it("makes the owner's de-identified archive through the job, never from an original", async () => {
    const fx = await seed(IDENTIFIED);
    const ask = async (query: string) =>
      (await get(t, `/sessions/${fx.sessionId}/async-download/${query}`, owner.authorization)).json<{
        task_id: string;
      }>().task_id;
    const tasks = {
      original: await ask('?videos=original'),
      deidentified: await ask('?videos=deidentified'),
      none: await ask('?videos=none'),
    };
    // Different copies are different archives, never one cached for the other.
    expect(new Set(Object.values(tasks)).size).toBe(3);
    expect(await ask('?videos=deidentified')).toBe(tasks.deidentified);
    expect(await ask('')).toBe(tasks.original);
    expect(await ask('?with_videos=false')).toBe(tasks.none);
    expect(await runArchiveJobs(t)).toEqual(['done', 'done', 'done']);
    const zip = async (id: string) =>
      summary(fx, await readZip(await fetchReadyZip(t, id, owner.authorization)));
    expect((await zip(tasks.deidentified)).videos).toEqual(BLURRED_WALK);
    expect((await zip(tasks.original)).videos['Cam1/walk/walk.mp4']).toMatch(/^raw walk camera 1/);
    expect((await zip(tasks.none)).videos).toEqual({});
    // Ready archives are reused per copy too.
    expect(await ask('?videos=deidentified')).toBe(tasks.deidentified);
    expect(await ask('?videos=original')).toBe(tasks.original);

    // A subject's archive takes the same choice.
    const { task_id } = (
      await get(t, `/subjects/${fx.subjectId}/async-download/?videos=deidentified`, owner.authorization)
    ).json<{ task_id: string }>();
    await runArchiveJobs(t);
    const entries = await readZip(await fetchReadyZip(t, task_id, owner.authorization));
    const mp4 = entries.filter((e) => e.name.endsWith('.mp4'));
    expect(mp4).toHaveLength(4);
    expect(mp4.every((e) => e.data.toString().startsWith('blurred'))).toBe(true);
  });

  it('gives a visitor never more than the subject allows: originals asked under de-identified are blurred', async () => {
    const fx = await seed(DEIDENTIFIED, true);
    for (const query of ['', '?videos=original', '?videos=deidentified']) {
      const got = summary(fx, await entriesOf(fx, query));
      expect(got.videos, query).toEqual(BLURRED_WALK);
      expect(got.images, query).toBe(0);
    }
    expect(summary(fx, await entriesOf(fx, '?videos=none')).videos).toEqual({});
    const { task_id } = (await get(t, `/sessions/${fx.sessionId}/async-download/?videos=original`)).json<{
      task_id: string;
    }>();
    await runArchiveJobs(t);
    expect(summary(fx, await readZip(await fetchReadyZip(t, task_id))).videos).toEqual(BLURRED_WALK);
    // The owner asking for the originals of the same session still gets them, in an archive of their own.
    const mine = await get(
      t,
      `/sessions/${fx.sessionId}/async-download/?videos=original`,
      owner.authorization,
    );
    expect(mine.json<{ task_id: string }>().task_id).not.toBe(task_id);
  });

  it('gives a visitor of an identified session the copy asked for, and no video under processed data only', async () => {
    const identified = await seed(IDENTIFIED, true);
    const original = summary(identified, await entriesOf(identified, '?videos=original'));
    expect(original.videos['Cam0/walk/walk.mp4']).toMatch(/^raw walk camera 0/);
    expect(original.images).toBe(2);
    const blurred = summary(identified, await entriesOf(identified, '?videos=deidentified'));
    expect(blurred.videos).toEqual(BLURRED_WALK);
    expect(blurred.images).toBe(0);

    const processed = await seed(PROCESSED, true);
    for (const query of ['?videos=original', '?videos=deidentified', '?videos=none']) {
      const got = summary(processed, await entriesOf(processed, query));
      expect(got.videos, query).toEqual({});
      expect(got.images, query).toBe(0);
      expect(got.readme, query).toMatch(/Videos were left out of this download/);
    }
  });

  it('documents the choice in the OpenAPI document, beside with_videos', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string; schema: unknown }> } }>;
    }>();
    for (const path of [
      '/api/sessions/{id}/async-download/',
      '/api/subjects/{id}/async-download/',
      '/api/sessions/{id}/download/',
      '/api/subjects/{id}/download/',
    ]) {
      const params = doc.paths[path]?.get?.parameters ?? [];
      expect(params.find((p) => p.name === 'videos' && p.in === 'query')?.schema, path).toMatchObject({
        enum: ['original', 'deidentified', 'none'],
      });
      expect(
        params.some((p) => p.name === 'with_videos'),
        path,
      ).toBe(true);
    }
  });
});
