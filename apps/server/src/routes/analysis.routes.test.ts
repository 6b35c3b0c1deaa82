import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  analysisResult,
  type AnalysisFunctionItem,
  type AnalysisResultStatus,
  type AnalysisTrialState,
  type Trial,
} from '@poselab/contract';
import { ANALYSIS_FUNCTION_SPECS } from '@poselab/analysis/browser';
import { HttpJobHost, runJob, type Processors } from '@poselab/worker';
import { processAnalysis } from '../../../worker/src/processors/analysis';
import { buildApp } from '../app';
import { createWorkerToken } from '../jobs/worker-tokens';
import { AnalysisDashboardRepository } from '../repositories/analysis-dashboard.repository';
import { createUserWithToken } from '../test/fixtures';
import { seedSession, seedTrial } from '../test/data-fixtures';
import {
  laiUhlrichOsim,
  realWalkMot,
  seedAnalysableTrial,
  SHARED_DATA,
  standingMot,
} from '../test/analysis-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

const HAS_SHARED = existsSync(resolve(SHARED_DATA, 'opencap-motions'));
const never = async () => ({ message: 'never' });
const processors: Processors = {
  calibration: never,
  neutral: never,
  dynamic: never,
  analysis: processAnalysis,
};

let t: TestApp;
let auth: string;
let userId: string;
beforeEach(async () => {
  workerHost = null;
  t = await createTestApp();
  const u = await createUserWithToken(t.deps);
  auth = u.authorization;
  userId = u.user.id;
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, authorization: string | null = auth) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authorization ? { authorization } : {} });
const invoke = (fn: string, sessionId: string, names: string[], authorization: string | null = auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/analysis-functions/${fn}/invoke/`,
    headers: authorization ? { authorization } : {},
    payload: { session_id: sessionId, specific_trial_names: names },
  });

/** Runs every queued analysis job through a remote worker speaking HTTP, like `npm run worker`. */
let workerHost: HttpJobHost | null = null;
async function runQueuedAnalyses(): Promise<string[]> {
  if (!workerHost) {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    workerHost = new HttpJobHost(url, await createWorkerToken(t.deps, 'test'));
  }
  const host = workerHost;
  const outcomes: string[] = [];
  for (;;) {
    const spec = await host.claim('worker-1', ['analysis']);
    if (!spec) return outcomes;
    outcomes.push(await runJob(host, 'worker-1', spec, processors));
  }
}

describe('analysis functions and their per-trial states', () => {
  it('lists every registered function to anyone, with states only where the caller may read', async () => {
    const res = await get('/analysis-functions/', null);
    expect(res.statusCode).toBe(200);
    const list = res.json<AnalysisFunctionItem[]>();
    expect(list.map((f) => f.id)).toEqual(ANALYSIS_FUNCTION_SPECS.map((f) => f.id));
    expect(list[0]).toMatchObject({ id: 'gait', title: 'Gait analysis', trials: [], states: {} });
    expect(list[0].info).toMatch(/at least two full strides/);
  });

  it('invokes only on done trials of the caller\u2019s own session that are not neutral or calibration', async () => {
    const { sessionId } = await seedAnalysableTrial(t.deps, userId, { mot: standingMot(), model: null });
    await seedTrial(t.deps, sessionId, { name: 'busy', status: 'processing' });
    await seedTrial(t.deps, sessionId, { name: 'old', trashedAt: new Date().toISOString() });
    const other = await createUserWithToken(t.deps);
    expect((await invoke('gait', sessionId, ['walk'], null)).statusCode).toBe(401);
    expect((await invoke('gait', sessionId, ['walk'], other.authorization)).statusCode).toBe(404);
    expect((await invoke('juggling', sessionId, ['walk'])).statusCode).toBe(404);
    for (const [name, words] of [
      ['neutral', 'The neutral trial cannot be analysed.'],
      ['busy', "Trial 'busy' is not processed yet."],
      ['old', "Trial 'old' is in the recycle bin."],
      ['nope', "This session has no trial named 'nope'."],
    ]) {
      const res = await invoke('gait', sessionId, [name]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(words);
    }
    const empty = await seedSession(t.deps, userId);
    expect((await invoke('gait', empty, [])).statusCode).toBe(400);
  });

  it('a run whose data cannot give the function fails with the coded words, shown in states', async () => {
    const { sessionId, trialId } = await seedAnalysableTrial(t.deps, userId, {
      mot: standingMot(),
      model: null,
    });
    const run = await invoke('gait', sessionId, ['walk']);
    expect(run.statusCode).toBe(200);
    const taskId = run.json<{ task_id: string }>().task_id;
    const pending = await get(`/analysis-result/${taskId}/`);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ state: 'pending', task_id: taskId });
    expect((await get('/analysis-results/pending/')).json<AnalysisTrialState[]>()).toHaveLength(1);
    // Invoking again while it calculates keeps the task.
    expect((await invoke('gait', sessionId, ['walk'])).json<{ task_id: string }>().task_id).toBe(taskId);

    expect(await runQueuedAnalyses()).toEqual(['failed']);
    const done = await get(`/analysis-result/${taskId}/`);
    expect(done.statusCode).toBe(200);
    expect(done.json<AnalysisResultStatus>()).toMatchObject({
      state: 'failed',
      menu: [],
      dashboard_id: null,
      message: {
        code: 'not_enough_gait_cycles',
        message: 'Not enough gait cycles found: record at least two full strides, about 3 m of walking.',
      },
    });
    const states = (await get(`/analysis-results/states/?trial_id=${trialId}`)).json<AnalysisTrialState[]>();
    expect(states).toMatchObject([{ function_id: 'gait', state: 'failed', trial_id: trialId }]);
    expect((await get('/analysis-results/pending/')).json()).toEqual([]);
    // Failing an analysis leaves the trial as it was.
    expect((await get(`/trials/${trialId}/`)).json<Trial>().status).toBe('done');
  });

  it('a trial without joint angles fails at once with words to process it again', async () => {
    const sessionId = await seedSession(t.deps, userId);
    await seedTrial(t.deps, sessionId, { name: 'walk' });
    const taskId = (await invoke('squat', sessionId, ['walk'])).json<{ task_id: string }>().task_id;
    expect(await runQueuedAnalyses()).toEqual([]);
    expect((await get(`/analysis-result/${taskId}/`)).json<AnalysisResultStatus>().message).toMatchObject({
      code: 'no_kinematics',
    });
  });

  it('the start stops when a function has no dashboard layout or an unknown widget', async () => {
    const gait = ANALYSIS_FUNCTION_SPECS[0];
    try {
      ANALYSIS_FUNCTION_SPECS[0] = { ...gait, layout: undefined as never };
      await expect(buildApp(t.deps)).rejects.toThrow(/'gait': no dashboard layout/);
      ANALYSIS_FUNCTION_SPECS[0] = {
        ...gait,
        layout: { columns: [{ width: 12, widgets: [{ type: 'radar' as 'visualizer' }] }] },
      };
      await expect(buildApp(t.deps)).rejects.toThrow(/unknown widget radar/);
    } finally {
      ANALYSIS_FUNCTION_SPECS[0] = gait;
    }
  });
});

describe.skipIf(!HAS_SHARED)('gait on a real walk, end to end through a remote worker', () => {
  it('pending → successfull with a result, menu and dashboard; the trial and its other results untouched', async () => {
    const seeded = await seedAnalysableTrial(t.deps, userId, { mot: realWalkMot(), model: laiUhlrichOsim() });
    const run = await invoke('gait', seeded.sessionId, ['walk']);
    const taskId = run.json<{ task_id: string; tasks: { trial_id: string }[] }>().task_id;
    expect(run.json().tasks).toEqual([{ trial_id: seeded.trialId, trial_name: 'walk', task_id: taskId }]);
    const listed = (await get(`/analysis-functions/?session_id=${seeded.sessionId}`)).json<
      AnalysisFunctionItem[]
    >();
    expect(listed[0].trials).toEqual([seeded.trialId]);
    expect(listed[0].states[seeded.trialId].state).toBe('pending');

    expect(await runQueuedAnalyses()).toEqual(['done']);
    const status = (await get(`/analysis-result/${taskId}/`)).json<AnalysisResultStatus>();
    expect(status.state).toBe('successfull');
    expect(status.menu.map((m) => [m.id, m.result_tag])).toEqual([
      ['dashboard', 'analysis_function_result:gait'],
      ['result_json', 'analysis_function_result:gait'],
      ['metrics_csv', 'analysis_function_result:gait'],
    ]);
    const dashboard = await new AnalysisDashboardRepository(t.deps.db).findOfFunction(userId, 'gait');
    expect(status.dashboard_id).toBe(dashboard?.id);
    expect(JSON.parse(dashboard!.layout)).toEqual(ANALYSIS_FUNCTION_SPECS[0].layout);
    expect((await get(`/analysis-functions/gait/task-for-trial/${seeded.trialId}/`)).json()).toEqual({
      task_id: taskId,
      state: 'successfull',
    });

    const trial = (await get(`/trials/${seeded.trialId}/`)).json<Trial>();
    expect(trial.status).toBe('done');
    expect(trial.results.map((r) => r.tag).sort()).toEqual([
      'analysis_function_result:gait',
      'ik_results',
      'visualizerTransforms-json',
    ]);
    const stored = trial.results.find((r) => r.tag === 'analysis_function_result:gait')!;
    expect(stored.id).toBe(status.result_id);
    const media = await t.app.inject({ method: 'GET', url: stored.media!.replace(/^https?:\/\/[^/]+/, '') });
    const result = analysisResult.parse(media.json());
    expect(result.function_id).toBe('gait');
    expect(result.details.model).toBe('trial');
    expect(result.metrics.gait_speed.value).toBeGreaterThan(0.9);

    // A re-run replaces the task and starts over without the old result.
    const again = (await invoke('gait', seeded.sessionId, ['walk'])).json<{ task_id: string }>().task_id;
    expect(again).not.toBe(taskId);
    expect((await get(`/analysis-result/${taskId}/`)).statusCode).toBe(404);
    const during = (await get(`/trials/${seeded.trialId}/`)).json<Trial>();
    expect(during.results.some((r) => r.tag === 'analysis_function_result:gait')).toBe(false);
    expect(await runQueuedAnalyses()).toEqual(['done']);
    expect((await get(`/analysis-result/${again}/`)).json<AnalysisResultStatus>().dashboard_id).toBe(
      dashboard?.id,
    );
  });

  it('results follow the trial: the owner and visitors of a public session read, others do not', async () => {
    const shared = await seedAnalysableTrial(t.deps, userId, {
      mot: realWalkMot(),
      model: laiUhlrichOsim(),
      isPublic: true,
    });
    const hidden = await seedAnalysableTrial(t.deps, userId, { mot: realWalkMot(), model: laiUhlrichOsim() });
    const a = (await invoke('gait', shared.sessionId, ['walk'])).json<{ task_id: string }>().task_id;
    const b = (await invoke('gait', hidden.sessionId, ['walk'])).json<{ task_id: string }>().task_id;
    expect(await runQueuedAnalyses()).toEqual(['done', 'done']);
    const other = await createUserWithToken(t.deps);
    expect((await get(`/analysis-result/${a}/`, null)).json().state).toBe('successfull');
    expect((await get(`/analysis-result/${a}/`, other.authorization)).statusCode).toBe(200);
    expect((await get(`/analysis-result/${b}/`, null)).statusCode).toBe(404);
    expect((await get(`/analysis-result/${b}/`, other.authorization)).statusCode).toBe(404);
    expect(
      (await get(`/analysis-results/states/?session_id=${hidden.sessionId}`, other.authorization)).statusCode,
    ).toBe(404);
    const visible = (await get(`/analysis-results/states/?session_id=${shared.sessionId}`, null)).json<
      AnalysisTrialState[]
    >();
    expect(visible.map((s) => s.task_id)).toEqual([a]);
    // Without a filter a visitor sees no states; the owner sees all of theirs.
    expect((await get('/analysis-results/states/', null)).json()).toEqual([]);
    expect((await get('/analysis-results/states/')).json<AnalysisTrialState[]>()).toHaveLength(2);
    expect(
      (await get(`/analysis-functions/gait/task-for-trial/${hidden.trialId}/`, other.authorization))
        .statusCode,
    ).toBe(404);
  });
});
