import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardData,
  type AnalysisFunctionItem,
  type AnalysisTrialState,
  type DashboardData,
} from '@poselab/contract';
import { gaitResultFixture } from '@poselab/worker/report-fixtures';
import type { AppDeps } from '../deps';
import { AnalysisTaskRepository } from '../repositories/analysis-task.repository';
import { seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
import { seedAnalysisResult, seedDashboard } from '../test/dashboard-fixtures';
import { createUserWithToken } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/** A successfull gait task with its stored result, as an analysis job leaves it. */
async function seedGaitTask(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  trialId: string,
  dashboardId: string,
): Promise<string> {
  const { resultId } = await seedAnalysisResult(deps, sessionId, trialId, gaitResultFixture({ speed: 1.2 }));
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await new AnalysisTaskRepository(deps.db).insert({
    id,
    user_id: userId,
    trial_id: trialId,
    function_id: 'gait',
    job_id: null,
    state: 'successfull',
    message: null,
    result_id: resultId,
    dashboard_id: dashboardId,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/**
 * Subject share tokens (SPEC §6) on every read endpoint of analyses: the analysis API (functions, states, the
 * task of a trial, a task's outcome), the dashboards (dashboard, data) and the result's media. The grant reads
 * its subject's processed trials and their analyses only; a wrong, foreign, subject-less or renewed token gets
 * exactly the 404 of a missing subject on each endpoint — for the owner too.
 */
describe('analysis reads with a subject share token', () => {
  let t: TestApp;
  let owner: { authorization: string; userId: string };
  let subjectId: string;
  let otherSubjectId: string;
  let token: string;
  let otherToken: string;
  let sessionId: string;
  let otherSessionId: string;
  let dashboardId: string;
  const trials: Record<string, string> = {};
  const tasks: Record<string, string> = {};

  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const grant = (q: Record<string, string> = { subject_id: subjectId, share_token: token }) =>
    new URLSearchParams(q).toString();
  /** Every read endpoint, with the grant's query appended. */
  const endpoints = (q: string): Record<string, string> => ({
    functionsOfTrial: `/api/analysis-functions/?trial_id=${trials.walk_1}&${q}`,
    functionsOfSession: `/api/analysis-functions/?session_id=${sessionId}&${q}`,
    statesOfGrant: `/api/analysis-results/states/?${q}`,
    statesOfSession: `/api/analysis-results/states/?session_id=${sessionId}&${q}`,
    taskForTrial: `/api/analysis-functions/gait/task-for-trial/${trials.walk_1}/?${q}`,
    result: `/api/analysis-result/${tasks.walk_1}/?${q}`,
    dashboard: `/api/analysis-dashboards/${dashboardId}/?${q}`,
    dashboardData: `/api/analysis-dashboards/${dashboardId}/data/?${q}`,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const o = await createUserWithToken(t.deps);
    owner = { authorization: o.authorization, userId: o.user.id };
    dashboardId = (await seedDashboard(t.deps, o.user.id)).id;
    subjectId = await seedSubject(t.deps, o.user.id, { name: 'Anna' });
    otherSubjectId = await seedSubject(t.deps, o.user.id, { name: 'Bert' });
    const tokenOf = async (id: string) =>
      (await t.deps.db
        .selectFrom('subjects')
        .select('share_token')
        .where('id', '=', id)
        .executeTakeFirstOrThrow())!.share_token!;
    token = await tokenOf(subjectId);
    otherToken = await tokenOf(otherSubjectId);
    sessionId = await seedSession(t.deps, o.user.id, { subjectId, name: 'Morning' });
    otherSessionId = await seedSession(t.deps, o.user.id, { subjectId: otherSubjectId });
    const add = async (session: string, name: string, opts: { status?: string; trashed?: boolean } = {}) => {
      trials[name] = await seedTrial(t.deps, session, {
        name,
        status: opts.status,
        trashedAt: opts.trashed ? t.deps.clock.now().toISOString() : null,
      });
      tasks[name] = await seedGaitTask(t.deps, o.user.id, session, trials[name], dashboardId);
    };
    await add(sessionId, 'neutral');
    await add(sessionId, 'walk_1');
    await add(sessionId, 'walk_trashed', { trashed: true });
    await add(sessionId, 'walk_failed', { status: 'error' });
    await add(otherSessionId, 'walk_bert');
  });
  afterAll(() => t.close());

  it('reads the subject’s processed trials’ analyses on every endpoint, and nothing else', async () => {
    const urls = endpoints(grant());
    for (const [name, url] of Object.entries(urls)) expect((await get(url)).statusCode, name).toBe(200);
    const fns = (await get(urls.functionsOfSession)).json<AnalysisFunctionItem[]>();
    expect(Object.keys(fns.find((f) => f.id === 'gait')!.states)).toEqual([trials.walk_1]);
    // Without a filter the grant reads every trial it opens: walk_1 only (not Bert's, not trashed or failed).
    const states = (await get(urls.statesOfGrant)).json<AnalysisTrialState[]>();
    expect(states.map((s) => s.trial_id)).toEqual([trials.walk_1]);
    expect((await get(urls.result)).json()).toMatchObject({
      state: 'successfull',
      dashboard_id: dashboardId,
    });
    const data: DashboardData = dashboardData.parse((await get(urls.dashboardData)).json());
    expect(data.trials.map((x) => x.name)).toEqual(['walk_1']);
    expect((await get(data.results[0].media!)).statusCode).toBe(200);

    // What the grant does not open: the neutral, trashed and failed trials, the other subject's session.
    const q = grant();
    for (const name of ['neutral', 'walk_trashed', 'walk_failed', 'walk_bert']) {
      expect((await get(`/api/analysis-result/${tasks[name]}/?${q}`)).statusCode, name).toBe(404);
      expect(
        (await get(`/api/analysis-functions/gait/task-for-trial/${trials[name]}/?${q}`)).statusCode,
        name,
      ).toBe(404);
      expect((await get(`/api/analysis-functions/?trial_id=${trials[name]}&${q}`)).statusCode, name).toBe(
        404,
      );
    }
    expect((await get(`/api/analysis-results/states/?session_id=${otherSessionId}&${q}`)).statusCode).toBe(
      404,
    );
  });

  it('a wrong, foreign or subject-less token answers each endpoint with the 404 of a missing subject', async () => {
    const missing = endpoints(grant({ subject_id: 'no-such-subject', share_token: token }));
    const bad = [
      grant({ subject_id: subjectId, share_token: 'f'.repeat(32) }),
      grant({ subject_id: subjectId, share_token: otherToken }),
      grant({ share_token: token }),
    ];
    for (const [name, url] of Object.entries(missing)) {
      const expected = await get(url);
      expect(expected.statusCode, name).toBe(404);
      for (const q of bad) {
        const res = await get(endpoints(q)[name]);
        expect(res.statusCode, `${name} ${q}`).toBe(404);
        expect(res.json(), `${name} ${q}`).toEqual(expected.json());
      }
    }
  });

  it('after the owner renews the token, every endpoint and the media link answer 404, also for the owner', async () => {
    const old = endpoints(grant());
    const media = dashboardData.parse((await get(old.dashboardData)).json()).results[0].media!;
    const missing = endpoints(grant({ subject_id: 'no-such-subject', share_token: token }));
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/subjects/${subjectId}/renew_share_token/`,
      headers: { authorization: owner.authorization },
    });
    expect(renewed.statusCode).toBe(200);
    for (const [name, url] of Object.entries(old)) {
      const expected = (await get(missing[name])).json();
      for (const who of [undefined, owner.authorization]) {
        const res = await get(url, who);
        expect(res.statusCode, `${name} ${who ? 'owner' : 'visitor'}`).toBe(404);
        expect(res.json()).toEqual(expected);
      }
    }
    expect((await get(media)).statusCode).toBe(404);
    // The owner without a token still reads everything; the new token opens the same again.
    expect((await get(old.result.split('?')[0], owner.authorization)).statusCode).toBe(200);
    token = renewed.json<{ share_token: string }>().share_token;
    for (const [name, url] of Object.entries(endpoints(grant())))
      expect((await get(url)).statusCode, name).toBe(200);
  });
});
