import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardData, type DashboardData } from '@poselab/contract';
import { gaitResultFixture } from '@poselab/worker/report-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
import { seedAnalysisResult, seedDashboard } from '../test/dashboard-fixtures';
import { mediaKeys } from '../storage/media-keys';
import { TrialRepository } from '../repositories/trial.repository';

/**
 * GET /analysis-dashboards/, /{id}/ and /{id}/data/ for the owner, for visitors of a public session and for
 * holders of a subject's share token, and what a renewed token leaves: 404 on every endpoint.
 */
describe('analysis dashboards API', () => {
  let t: TestApp;
  let owner: { authorization: string; userId: string };
  let other: { authorization: string };
  let dashboardId: string;
  let subjectId: string;
  let otherSubjectId: string;
  let token: string;
  let sessionId: string;
  let publicSessionId: string;
  const trials: Record<string, string> = {};

  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const dataUrl = (q: Record<string, string> = {}) =>
    `/api/analysis-dashboards/${dashboardId}/data/?${new URLSearchParams(q).toString()}`;
  const shareQ = () => ({ subject_id: subjectId, share_token: token });

  beforeAll(async () => {
    t = await createTestApp();
    const o = await createUserWithToken(t.deps);
    owner = { authorization: o.authorization, userId: o.user.id };
    other = await createUserWithToken(t.deps);
    dashboardId = (await seedDashboard(t.deps, o.user.id)).id;
    subjectId = await seedSubject(t.deps, o.user.id, { name: 'Anna' });
    otherSubjectId = await seedSubject(t.deps, o.user.id, { name: 'Bert' });
    token = (await t.deps.db
      .selectFrom('subjects')
      .select('share_token')
      .where('id', '=', subjectId)
      .executeTakeFirstOrThrow())!.share_token;
    sessionId = await seedSession(t.deps, o.user.id, { subjectId, name: 'Morning' });
    publicSessionId = await seedSession(t.deps, o.user.id, { subjectId: otherSubjectId, isPublic: true });
    const add = async (
      session: string,
      name: string,
      opts: { result?: boolean; status?: string; trashed?: boolean } = {},
    ) => {
      const id = await seedTrial(t.deps, session, {
        name,
        status: opts.status,
        trashedAt: opts.trashed ? t.deps.clock.now().toISOString() : null,
      });
      if (opts.result !== false)
        await seedAnalysisResult(t.deps, session, id, gaitResultFixture({ speed: 1.2 }));
      trials[name] = id;
      return id;
    };
    await add(sessionId, 'neutral');
    await add(sessionId, 'walk_1');
    await add(sessionId, 'walk_2');
    await add(sessionId, 'walk_unanalysed', { result: false });
    await add(sessionId, 'walk_trashed', { trashed: true });
    await add(sessionId, 'walk_failed', { status: 'error' });
    await add(publicSessionId, 'walk_public');
    // A raw camera video of walk_1: the owner's, never a share viewer's.
    await new TrialRepository(t.deps.db).insertVideo({
      id: 'v1',
      trial_id: trials.walk_1,
      device_id: 'd1',
      storage_key: mediaKeys.video(sessionId, trials.walk_1, 'd1', 'mp4'),
      mime: 'video/mp4',
      size_bytes: 3,
      fps: 60,
      width: 10,
      height: 10,
      rotation: 0,
      duration_sec: 1,
      start_time_ms: null,
      frame_timestamps: null,
      model: '',
      created_at: t.deps.clock.now().toISOString(),
    });
    await t.deps.storage.put(mediaKeys.video(sessionId, trials.walk_1, 'd1', 'mp4'), Buffer.from('abc'));
  });
  afterAll(() => t.close());

  it("lists the user's dashboards by title; others see theirs only; anonymous callers get 401", async () => {
    const mine = await get('/api/analysis-dashboards/', owner.authorization);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([{ id: dashboardId, title: 'Gait', function: 'gait' }]);
    expect((await get('/api/analysis-dashboards/', other.authorization)).json()).toEqual([]);
    expect((await get('/api/analysis-dashboards/')).statusCode).toBe(401);
  });

  it('gives the owner the dashboard with its layout, and a stranger the 404 of a missing one', async () => {
    const res = await get(`/api/analysis-dashboards/${dashboardId}/`, owner.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: dashboardId,
      function: 'gait',
      layout: { columns: expect.any(Array) },
    });
    const missing = await get('/api/analysis-dashboards/nope/', other.authorization);
    const foreign = await get(`/api/analysis-dashboards/${dashboardId}/`, other.authorization);
    expect(missing.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('gives the owner every analysed, processed movement trial with sessions, subjects and the share token', async () => {
    const res = await get(dataUrl(), owner.authorization);
    expect(res.statusCode).toBe(200);
    const data = dashboardData.parse(res.json());
    expect(data.trials.map((x) => x.name).sort()).toEqual(['walk_1', 'walk_2', 'walk_public']);
    expect(data.results.map((r) => r.trial_id).sort()).toEqual(
      [trials.walk_1, trials.walk_2, trials.walk_public].sort(),
    );
    expect(data.trials.every((x) => x.session_id === x.session)).toBe(true);
    expect(data.sessions.find((s) => s.id === sessionId)).toMatchObject({
      subject_id: subjectId,
      name: 'Morning',
    });
    expect(data.subjects.find((s) => s.id === subjectId)).toEqual({
      id: subjectId,
      name: 'Anna',
      share_token: token,
    });
    expect(data.trials.find((x) => x.id === trials.walk_1)!.videos).toHaveLength(1);
    // subject_id narrows the owner's view.
    const narrowed = dashboardData.parse(
      (await get(dataUrl({ subject_id: subjectId }), owner.authorization)).json(),
    );
    expect(narrowed.trials.map((x) => x.name).sort()).toEqual(['walk_1', 'walk_2']);
  });

  it("opens a subject's processed trials and their results' media to a share token holder, nothing else", async () => {
    const res = await get(dataUrl(shareQ()));
    expect(res.statusCode).toBe(200);
    const data: DashboardData = dashboardData.parse(res.json());
    expect(data.trials.map((x) => x.name).sort()).toEqual(['walk_1', 'walk_2']);
    expect(data.subjects).toEqual([{ id: subjectId, name: 'Anna', share_token: null }]);
    expect(data.trials.every((x) => x.videos.length === 0)).toBe(true);
    const resultUrl = data.results[0].media!;
    expect(resultUrl).toContain(`share_token=${token}`);
    expect(resultUrl).not.toContain('sig=');
    const file = await get(resultUrl);
    expect(file.statusCode).toBe(200);
    expect(file.json()).toMatchObject({ function_id: 'gait' });
    // The same token opens no raw video, no other subject's trial, no unprocessed trial.
    const q = new URLSearchParams(shareQ()).toString();
    const video = `/api/media/${mediaKeys.video(sessionId, trials.walk_1, 'd1', 'mp4')}?${q}`;
    expect((await get(video)).statusCode).toBe(404);
    const failed = `/api/media/${mediaKeys.result(sessionId, trials.walk_failed, 'analysis_gait.json')}?${q}`;
    expect((await get(failed)).statusCode).toBe(404);
    const publicOne = `/api/media/${mediaKeys.result(publicSessionId, trials.walk_public, 'analysis_gait.json')}?${q}`;
    const signedless = await get(publicOne);
    expect(signedless.statusCode).toBe(200); // public sessions are readable by anyone anyway
    // The dashboard itself opens with the token.
    expect((await get(`/api/analysis-dashboards/${dashboardId}/?${q}`)).statusCode).toBe(200);
  });

  it('lets visitors read a public session of the owner, and nothing private', async () => {
    const res = await get(dataUrl({ session_id: publicSessionId }));
    expect(res.statusCode).toBe(200);
    expect(dashboardData.parse(res.json()).trials.map((x) => x.name)).toEqual(['walk_public']);
    expect((await get(dataUrl({ session_id: sessionId }))).statusCode).toBe(404);
    expect((await get(dataUrl())).statusCode).toBe(404);
    expect((await get(dataUrl({ subject_id: subjectId }))).statusCode).toBe(404);
    expect(
      (await get(`/api/analysis-dashboards/${dashboardId}/?session_id=${publicSessionId}`)).statusCode,
    ).toBe(200);
  });

  it("a wrong token, another subject's token or a token without subject answers like a missing subject", async () => {
    const missing = await get(dataUrl({ subject_id: 'no-such-subject', share_token: token }));
    expect(missing.statusCode).toBe(404);
    for (const q of <Record<string, string>[]>[
      { subject_id: subjectId, share_token: 'x'.repeat(32) },
      { subject_id: otherSubjectId, share_token: token },
      { share_token: token },
    ]) {
      const res = await get(dataUrl(q));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
  });

  it('after the owner renews the token, every call with the old one answers 404; the new one works', async () => {
    const q = new URLSearchParams(shareQ()).toString();
    const before = dashboardData.parse((await get(dataUrl(shareQ()))).json());
    const oldMedia = before.results[0].media!;
    expect((await get(oldMedia)).statusCode).toBe(200);

    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/subjects/${subjectId}/renew_share_token/`,
      headers: { authorization: other.authorization },
    });
    expect(stranger.statusCode).toBe(404);
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/subjects/${subjectId}/renew_share_token/`,
      headers: { authorization: owner.authorization },
    });
    expect(renewed.statusCode).toBe(200);
    const newToken = renewed.json<{ share_token: string }>().share_token;
    expect(newToken).toMatch(/^[0-9a-f]{32}$/);
    expect(newToken).not.toBe(token);

    const missing = (await get(dataUrl({ subject_id: 'no-such-subject', share_token: token }))).json();
    for (const url of [dataUrl(shareQ()), `/api/analysis-dashboards/${dashboardId}/?${q}`, oldMedia]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      if (!url.startsWith('/api/media/')) expect(res.json()).toEqual(missing);
    }
    token = newToken;
    expect((await get(dataUrl(shareQ()))).statusCode).toBe(200);
  });
});
