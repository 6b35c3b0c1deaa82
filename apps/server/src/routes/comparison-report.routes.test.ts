import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_FAILURE_MESSAGE, type AnalysisResult } from '@poselab/contract';
import { HttpJobHost, processReport, runJob, type Processor, type Processors } from '@poselab/worker';
import { gaitResultFixture, squatResultFixture } from '@poselab/worker/report-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { seedSession, seedSubject, seedTrial } from '../test/data-fixtures';
import { seedAnalysisResult, seedDashboard } from '../test/dashboard-fixtures';
import { createWorkerToken } from '../jobs/worker-tokens';

const hasPoppler = existsSync('/usr/bin/pdftotext');

/**
 * SPEC §7 report-download / find-report-download: a report job on the queue turns the chosen trials'
 * analysis results into a PDF that the Downloads list links to; bad requests and mixed leg types fail clearly.
 */
describe('comparison reports', () => {
  let t: TestApp;
  let auth: string;
  let userId: string;
  let sessionId: string;

  beforeEach(async () => {
    host = null;
    t = await createTestApp();
    const u = await createUserWithToken(t.deps, { first_name: 'Jörg', last_name: 'Schäfer' });
    auth = u.authorization;
    userId = u.user.id;
    await seedDashboard(t.deps, userId);
    const subjectId = await seedSubject(t.deps, userId, { name: 'Anna Müller' });
    sessionId = await seedSession(t.deps, userId, { subjectId, name: 'Morning' });
  });
  afterEach(() => t.close());

  const trialWith = async (name: string, result: AnalysisResult | null) => {
    const id = await seedTrial(t.deps, sessionId, { name });
    if (result) await seedAnalysisResult(t.deps, sessionId, id, result);
    return id;
  };
  const post = (fn: string, path: string, trialIds: string[], authorization = auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/analysis-functions/${fn}/${path}/`,
      headers: { authorization },
      payload: { trial_ids: trialIds },
    });
  let host: HttpJobHost | null = null;
  /** A remote worker's connection to this app (listening from the first use on). */
  const workerHost = async () => {
    host ??= new HttpJobHost(
      await t.app.listen({ port: 0, host: '127.0.0.1' }),
      await createWorkerToken(t.deps, 'test'),
    );
    return host;
  };
  /** Runs the queued jobs with a worker over HTTP, as a remote worker would. */
  const runQueued = async (processors: Partial<Processors> = { report: processReport }) => {
    const host = await workerHost();
    const never: Processor = async () => ({ message: 'never' });
    const all = { calibration: never, neutral: never, dynamic: never, ...processors } as Processors;
    for (;;) {
      const spec = await host.claim('w1', ['report']);
      if (!spec) return;
      await runJob(host, 'w1', spec, all);
    }
  };

  it('makes a PDF of two gait results that Downloads links to', async () => {
    const a = await trialWith('walk_fast', gaitResultFixture({ speed: 1.42 }));
    const b = await trialWith('walk_slow', gaitResultFixture({ speed: 0.93, seed: 1 }));
    expect((await post('gait', 'find-report-download', [a, b])).statusCode).toBe(404);
    const started = await post('gait', 'report-download', [a, b]);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ state: 'pending', media: null });
    // Asking again while it is being made queues nothing more.
    await post('gait', 'report-download', [a, b]);
    expect(
      await t.deps.db.selectFrom('jobs').select('id').where('kind', '=', 'report').execute(),
    ).toHaveLength(1);
    expect((await post('gait', 'find-report-download', [b, a])).json()).toMatchObject({ state: 'pending' });

    await runQueued();
    const found = await post('gait', 'find-report-download', [a, b]);
    expect(found.json()).toMatchObject({ state: 'successfull', message: null });
    const media = found.json<{ media: string }>().media;
    const pdf = await t.app.inject({ method: 'GET', url: media });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/comparison-reports/',
      headers: { authorization: auth },
    });
    expect(list.json()).toEqual([
      expect.objectContaining({
        state: 'successfull',
        media: expect.any(String),
        file_name: expect.stringMatching(/^gait-report-.*\.pdf$/),
      }),
    ]);
    if (hasPoppler) {
      const dir = mkdtempSync(join(tmpdir(), 'poselab-report-'));
      writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('walk_fast');
      expect(text).toContain('walk_slow');
      expect(text).toContain('1.42');
      expect(text).toContain('0.93');
      expect(text).toContain('Anna Müller');
      expect(text).toContain('Jörg Schäfer');
    }
  });

  it.skipIf(!hasPoppler)("a German user's report is in German", async () => {
    await t.deps.db.updateTable('users').set({ language: 'de' }).where('id', '=', userId).execute();
    const a = await trialWith('gehen_1', gaitResultFixture({ speed: 1.21 }));
    const b = await trialWith('gehen_2', gaitResultFixture({ speed: 1.04, seed: 3 }));
    await post('gait', 'report-download', [a, b]);
    await runQueued();
    const found = (await post('gait', 'find-report-download', [a, b])).json<{
      state: string;
      media: string;
    }>();
    expect(found.state).toBe('successfull');
    const pdf = await t.app.inject({ method: 'GET', url: found.media });
    const dir = mkdtempSync(join(tmpdir(), 'poselab-report-de-'));
    writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    for (const s of ['Vergleichsbericht', 'Kennwerte', 'Ganggeschwindigkeit', 'Methode', '1,21', '1,04']) {
      expect(text).toContain(s);
    }
  });

  it('refuses fewer than 2 trials, unknown or foreign trials, and trials without a result', async () => {
    const a = await trialWith('walk_a', gaitResultFixture());
    const b = await trialWith('walk_b', null);
    expect((await post('gait', 'report-download', [a])).statusCode).toBe(400);
    expect((await post('gait', 'report-download', [a, a])).statusCode).toBe(400);
    expect((await post('gait', 'report-download', [a, 'nope'])).statusCode).toBe(404);
    const missing = await post('gait', 'report-download', [a, b]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('walk_b');
    const stranger = await createUserWithToken(t.deps);
    expect((await post('gait', 'report-download', [a, b], stranger.authorization)).statusCode).toBe(404);
    expect((await post('Bad Function', 'report-download', [a, b])).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('comparison_reports').select('id').execute()).toHaveLength(0);
  });

  it("fails with SPEC's message when single-leg and double-leg squats are mixed", async () => {
    const a = await trialWith('squat_double', squatResultFixture('double_leg'));
    const b = await trialWith('squat_single', squatResultFixture('single_leg_l'));
    await post('squat', 'report-download', [a, b]);
    await runQueued();
    const found = await post('squat', 'find-report-download', [a, b]);
    expect(found.json()).toEqual(
      expect.objectContaining({ state: 'failed', media: null, message: REPORT_FAILURE_MESSAGE }),
    );
    const row = await t.deps.db.selectFrom('comparison_reports').selectAll().executeTakeFirstOrThrow();
    expect(row.error).toBe(REPORT_FAILURE_MESSAGE);
    // Two double-leg squats compare fine.
    const c = await trialWith('squat_double_2', squatResultFixture('double_leg'));
    await post('squat', 'report-download', [a, c]);
    await runQueued();
    expect((await post('squat', 'find-report-download', [c, a])).json()).toMatchObject({
      state: 'successfull',
    });
  });

  it('a report asked for again is made anew; the replaced job changes nothing', async () => {
    const a = await trialWith('walk_a', gaitResultFixture());
    const b = await trialWith('walk_b', gaitResultFixture({ seed: 2 }));
    await post('gait', 'report-download', [a, b]);
    await runQueued();
    const first = (await post('gait', 'find-report-download', [a, b])).json<{ id: string; media: string }>();
    // The order changed: a new request (same report row) with a new job.
    await post('gait', 'report-download', [b, a]);
    const worker = await workerHost();
    // A stale job of an older request (forged here) would be refused at claim.
    const stale = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('comparison_reports').set({ job_id: 'a-newer-request' }).execute();
    const spec = await worker.claim('w2', ['report']);
    expect(spec).toBeNull();
    expect(
      (
        await t.deps.db
          .selectFrom('jobs')
          .select('status')
          .where('id', '=', stale.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('failed');
    const row = await t.deps.db.selectFrom('comparison_reports').selectAll().executeTakeFirstOrThrow();
    expect(row.id).toBe(first.id);
    expect(row.state).toBe('pending');
  });
});
