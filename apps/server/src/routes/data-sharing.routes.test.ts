import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_SHARING_CHOICES, type Session } from '@poselab/contract';
import { mediaKeys } from '../storage/media-keys';
import { get } from '../test/archive-helpers';
import { addBlurredCopies, seedArchiveSession, type ArchiveFixture } from '../test/archive-fixtures';
import { createUserWithToken } from '../test/fixtures';
import { readZip } from '../test/zip-reader';
import { createTestApp, type TestApp } from '../test/test-app';

const [IDENTIFIED, DEIDENTIFIED, PROCESSED, NO_DATA] = DATA_SHARING_CHOICES;

/**
 * Issue #27: the subject's data sharing choice decides what leaves the owner, on every way out — the public
 * session, its media URLs, a subject share token and the archive — and a changed choice applies at once.
 * The fixture's 'walk' trial gets blurred copies as the worker's deidentify step stores them.
 */
describe('data sharing choices, enforced for visitors', () => {
  let t: TestApp;
  let owner: { authorization: string; user: { id: string } };
  beforeEach(async () => {
    t = await createTestApp();
    owner = await createUserWithToken(t.deps, {}, { verified: true });
  });
  afterEach(() => t.close());

  async function seed(choice: string): Promise<ArchiveFixture & { shareToken: string }> {
    const fx = await seedArchiveSession(t.deps, owner.user.id, { public: true, dataSharing: choice });
    await addBlurredCopies(t.deps, fx, 'walk');
    const { share_token } = await t.deps.db
      .selectFrom('subjects')
      .select('share_token')
      .where('id', '=', fx.subjectId)
      .executeTakeFirstOrThrow();
    return { ...fx, shareToken: share_token! };
  }

  const fetchMedia = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body };
  };
  const walkOf = async (sessionId: string, authorization?: string) => {
    const res = await get(t, `/sessions/${sessionId}/`, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Session>().trials.find((tr) => tr.name === 'walk')!;
  };
  const keyUrl = (fx: ArchiveFixture, fileName: string, grant?: string) =>
    `/api/media/${mediaKeys.result(fx.sessionId, fx.trialIds.walk, fileName)}${grant ? `?${grant}` : ''}`;
  const zipNames = async (sessionId: string) => {
    const res = await get(t, `/sessions/${sessionId}/download/`);
    return res.statusCode === 200 ? (await readZip(res.rawPayload)).map((e) => e.name) : res.statusCode;
  };

  it('identified: visitors get the original videos everywhere', async () => {
    const fx = await seed(IDENTIFIED);
    const walk = await walkOf(fx.sessionId);
    expect(walk.videos.map((v) => v.video).every((u) => u.includes('/videos/'))).toBe(true);
    const sync = walk.results.filter((r) => r.tag === 'video-sync');
    expect(sync).toHaveLength(2);
    expect(await fetchMedia(sync[0].media!)).toMatchObject({
      status: 200,
      body: expect.stringContaining('synced walk'),
    });
    const grant = `subject_id=${fx.subjectId}&share_token=${fx.shareToken}`;
    expect((await fetchMedia(keyUrl(fx, 'video-sync-1.mp4', grant))).status).toBe(200);
    const names = await zipNames(fx.sessionId);
    expect(names).toContain(`OpenCapData_${fx.sessionId}/Videos/Cam0/InputMedia/walk/walk_sync.mp4`);
  });

  it('de-identified: only the blurred copies, never an original', async () => {
    const fx = await seed(DEIDENTIFIED);
    const walk = await walkOf(fx.sessionId);
    // The web app finds the synced video by its tag: it is there, pointing at the blurred copy.
    const sync = walk.results.filter((r) => r.tag === 'video-sync');
    expect(sync).toHaveLength(2);
    for (const r of sync) {
      expect(r.media).toContain('video-sync-deidentified');
      expect(await fetchMedia(r.media!)).toMatchObject({
        status: 200,
        body: expect.stringContaining('blurred'),
      });
    }
    expect(walk.videos.map((v) => v.video).every((u) => u.includes('video-deidentified'))).toBe(true);
    expect(walk.results.some((r) => r.tag.endsWith('-deidentified'))).toBe(false);
    // A squat trial without blurred copies shows no video at all.
    const squat = (await get(t, `/sessions/${fx.sessionId}/`))
      .json<Session>()
      .trials.find((x) => x.name === 'squat')!;
    expect(squat.videos).toEqual([]);
    expect(squat.results.filter((r) => r.tag === 'video-sync')).toEqual([]);
    // Originals by key: refused to the public and to a share grant; the blurred copy passes the grant.
    const grant = `subject_id=${fx.subjectId}&share_token=${fx.shareToken}`;
    expect((await fetchMedia(keyUrl(fx, 'video-sync-1.mp4'))).status).toBe(404);
    expect((await fetchMedia(keyUrl(fx, 'video-sync-1.mp4', grant))).status).toBe(404);
    expect((await fetchMedia(keyUrl(fx, 'video-sync-deidentified-1.mp4', grant))).status).toBe(200);
    expect(
      (
        await fetchMedia(
          `/api/media/${mediaKeys.video(fx.sessionId, fx.trialIds.walk, fx.deviceIds[0], 'mp4')}`,
        )
      ).status,
    ).toBe(404);
    // The owner still sees the originals.
    const mine = await walkOf(fx.sessionId, owner.authorization);
    expect(mine.results.find((r) => r.tag === 'video-sync')!.media).not.toContain('deidentified');
    // The archive: blurred copies under the originals' names, no original bytes, no calibration image.
    const res = await get(t, `/sessions/${fx.sessionId}/download/`);
    const entries = await readZip(res.rawPayload);
    const walkSync = entries.find((e) => e.name.endsWith('Cam0/InputMedia/walk/walk_sync.mp4'));
    expect(walkSync?.data.toString()).toContain('blurred video-sync-deidentified');
    expect(
      entries.some((e) => e.data.toString().includes('synced') || e.data.toString().includes('raw ')),
    ).toBe(false);
    expect(entries.some((e) => /CalibrationImages\/.+\.png$/.test(e.name))).toBe(false);
    const readme = entries.find((e) => e.name.endsWith('/README.txt'))!.data.toString();
    expect(readme).toMatch(/Empty: the calibration images show the room/);
  });

  it('processed data only: no video or image, the data stays', async () => {
    const fx = await seed(PROCESSED);
    const walk = await walkOf(fx.sessionId);
    expect(walk.videos).toEqual([]);
    expect(walk.results.filter((r) => r.tag.startsWith('video'))).toEqual([]);
    const transforms = walk.results.find((r) => r.tag === 'visualizerTransforms-json')!;
    expect((await fetchMedia(transforms.media!)).status).toBe(200);
    const grant = `subject_id=${fx.subjectId}&share_token=${fx.shareToken}`;
    expect((await fetchMedia(keyUrl(fx, 'video-sync-deidentified-1.mp4', grant))).status).toBe(404);
    expect((await fetchMedia(keyUrl(fx, 'walk.mot', grant))).status).toBe(200);
    const names = (await zipNames(fx.sessionId)) as string[];
    expect(names.filter((n) => n.endsWith('.mp4') || n.endsWith('.png'))).toEqual([]);
    expect(names).toContain(`OpenCapData_${fx.sessionId}/OpenSimData/Kinematics/walk.mot`);
  });

  it('no data: nothing leaves the owner, and the session cannot be made public', async () => {
    const fx = await seed(NO_DATA);
    expect((await get(t, `/sessions/${fx.sessionId}/`)).statusCode).toBe(404);
    expect(await zipNames(fx.sessionId)).toBe(404);
    const grant = `subject_id=${fx.subjectId}&share_token=${fx.shareToken}`;
    expect((await fetchMedia(keyUrl(fx, 'walk.mot', grant))).status).toBe(404);
    expect((await fetchMedia(keyUrl(fx, 'walk.mot'))).status).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${fx.sessionId}/`,
      headers: { authorization: owner.authorization },
      payload: { public: true },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.body).toContain('Share no data');
    expect(patch.body).toContain('neutral pose step');
    expect((await walkOf(fx.sessionId, owner.authorization)).videos).toHaveLength(2);
  });

  it('switching identified → de-identified ends every earlier original link at once', async () => {
    const fx = await seed(IDENTIFIED);
    const walk = await walkOf(fx.sessionId);
    const earlier = [
      ...walk.videos.map((v) => v.video),
      ...walk.results.filter((r) => r.tag === 'video-sync').map((r) => r.media!),
    ];
    for (const url of earlier) expect((await fetchMedia(url)).status).toBe(200);
    const changed = await get(
      t,
      `/sessions/${fx.sessionId}/set_metadata/?settings_data_sharing=${encodeURIComponent(DEIDENTIFIED)}`,
      owner.authorization,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    for (const url of earlier) expect((await fetchMedia(url)).status).toBe(404);
    const now = await walkOf(fx.sessionId);
    expect(now.results.find((r) => r.tag === 'video-sync')!.media).toContain('video-sync-deidentified');
  });
});
