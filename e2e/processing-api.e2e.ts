/**
 * SLOW (several minutes on 2 cores): API-level end-to-end test of processing on real data, acceptance 1 and 3 of
 * the processing issue. A session is calibrated by importing the pose2sim demo's Qualisys file; four simulated
 * phones (test code speaking the real device protocol: pairing, WebSocket, resumable uploads) record the demo's
 * static videos as the neutral, processed by the embedded worker pool, then its balancing videos as a trial,
 * processed by `npm run worker` processes on the side: the first is killed mid-trial, the trial is picked up
 * again by a second one after the lease runs out and reaches 'done'. Timings are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPhone } from '../apps/server/src/capture/test-phones';
import { systemClock } from '../apps/server/src/deps';
import { startEmbeddedPool, type EmbeddedPool } from '../apps/server/src/jobs/embedded-pool';
import { createWorkerToken } from '../apps/server/src/jobs/worker-tokens';
import { createUserWithToken } from '../apps/server/src/test/fixtures';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { DEMO, demoProbe, demoSessionWithPhones, recordDemoTrial, until } from './support/demo-recording';
import { repoRoot } from './support/server';

const hasDemo = existsSync(join(DEMO, 'calibration', 'Calib.qca.txt'));
const LEASE_SECONDS = 8;

describe.skipIf(!hasDemo)('processing on the pose2sim demo through the real workers (slow)', () => {
  let t: TestApp;
  let auth: string;
  let sessionId: string;
  let url: string;
  let pool: EmbeddedPool | null = null;
  const phones: TestPhone[] = [];
  const workers: ChildProcess[] = [];
  const workerOutput: string[] = [];
  const previousLease = process.env.JOB_LEASE_SECONDS;
  // Phones keep their connection alive as the capture page does (the hub drops silent ones).
  const heartbeat = setInterval(() => {
    for (const p of phones) p.ws.send(JSON.stringify({ type: 'heartbeat' }));
  }, 5000);

  beforeAll(async () => {
    process.env.JOB_LEASE_SECONDS = String(LEASE_SECONDS);
    t = await createTestApp({ LOG_LEVEL: 'warn' });
    t.deps.clock = systemClock; // leases expire in real time: real worker processes take part
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    auth = (await createUserWithToken(t.deps, {}, { verified: true })).authorization;
  });
  afterAll(async () => {
    clearInterval(heartbeat);
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    for (const p of phones) p.ws.terminate();
    await pool?.stop();
    await t?.close();
    if (previousLease === undefined) delete process.env.JOB_LEASE_SECONDS;
    else process.env.JOB_LEASE_SECONDS = previousLease;
  });

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: auth } });

  /** Every phone uploads its demo video through the resumable upload protocol. */
  const recordTrial = (name: string, folder: string, extra = ''): Promise<string> =>
    recordDemoTrial(t, auth, sessionId, phones, name, folder, extra);

  const trial = async (id: string) => (await get(`/trials/${id}/`)).json();

  function startRemoteWorker(token: string): ChildProcess {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/worker/src/main.ts', '--server', url, '--token', token],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tag = `[worker ${proc.pid}] `;
    proc.stdout?.on('data', (d: Buffer) => workerOutput.push(tag + d.toString()));
    proc.stderr?.on('data', (d: Buffer) => workerOutput.push(tag + d.toString()));
    workers.push(proc);
    return proc;
  }

  it('calibrates by import, processes the neutral in the embedded pool and a trial in remote workers, one of them killed', async () => {
    const made = await demoSessionWithPhones(t, auth, phones);
    sessionId = made.sessionId;
    const imported = made.imported;
    // No assignment sent: the proposal (pairing order) is used and the answer says so (issue #15).
    expect(imported.json()).toMatchObject({
      n_cameras: 4,
      n_assigned: 4,
      message: '4 of 4 cameras assigned.',
    });
    expect((await get(`/sessions/${sessionId}/get_n_calibrated_cameras/`)).json()).toEqual({ data: 4 });

    // Neutral through the embedded pool (worker threads in this process).
    pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, idleMs: 500 });
    const t0 = performance.now();
    const neutralId = await recordTrial('neutral', 'static', '&subject_mass=70&subject_height=1.8');
    const progress = new Set<string>();
    const neutralStatus = await until(
      'neutral done',
      async () => {
        const tr = await trial(neutralId);
        if (tr.progress_info.message)
          progress.add(`${tr.progress_info.percent}% ${tr.progress_info.message}`);
        const s = (await get(`/sessions/${sessionId}/neutral_img/`)).json().status;
        return s === 'processing' ? null : s;
      },
      600_000,
    );
    const neutral = await trial(neutralId);
    console.log(
      `neutral: ${neutralStatus} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      JSON.stringify(neutral.meta.timings),
      [...progress],
    );
    expect(neutralStatus, neutral.meta.error_msg).toBe('done');
    expect(neutral.results.map((r: { tag: string }) => r.tag)).toEqual(
      expect.arrayContaining(['opensim_model', 'neutral-img', 'camera-calibration']),
    );
    await pool.stop();
    pool = null;

    // The trial through `npm run worker` processes; the first one is killed mid-trial.
    const token = await createWorkerToken(t.deps, 'e2e');
    const first = startRemoteWorker(token);
    const t1 = performance.now();
    const trialId = await recordTrial('balancing', 'balancing');
    await until(
      'the first worker to be working on the trial',
      async () => {
        const tr = await trial(trialId);
        return tr.status === 'processing' && (tr.progress_info.percent ?? 0) >= 5;
      },
      300_000,
    );
    first.kill('SIGKILL');
    const killedAt = performance.now();
    startRemoteWorker(token);
    const final = await until(
      'trial finished',
      async () => {
        const tr = await trial(trialId);
        return tr.status === 'done' || tr.status === 'error' ? tr : null;
      },
      900_000,
    );
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('trial_id', '=', trialId)
      .executeTakeFirstOrThrow();
    console.log(
      `trial: ${final.status} after ${((performance.now() - t1) / 1000).toFixed(1)} s (worker killed at ${((killedAt - t1) / 1000).toFixed(1)} s, attempts ${job.attempts}, job worker ${job.worker_id})`,
      JSON.stringify(final.meta.timings),
    );
    if (final.status !== 'done') console.log(workerOutput.join(''));
    expect(final.status, final.meta.error_msg).toBe('done');
    expect(job.attempts).toBe(2);

    const tags = final.results.map((r: { tag: string }) => r.tag);
    expect(tags).toEqual(expect.arrayContaining(['visualizerTransforms-json', 'ik_results', 'marker_data']));
    const synced = final.results.filter((r: { tag: string }) => r.tag === 'video-sync');
    expect(synced).toHaveLength(4);
    const dir = mkdtempSync(join(tmpdir(), 'poselab-sync-'));
    for (const [i, r] of synced.entries()) {
      const res = await t.app.inject({ method: 'GET', url: r.media, headers: { authorization: auth } });
      expect(res.statusCode).toBe(200);
      const file = join(dir, `sync-${i}.mp4`);
      writeFileSync(file, res.rawPayload);
      const info = demoProbe(file);
      expect(info.codec).toBe('h264');
      expect(info.frames).toBeGreaterThan(30);
    }
    // Media answer only to the owner (the session is private).
    expect((await t.app.inject({ method: 'GET', url: synced[0].media.split('?')[0] })).statusCode).not.toBe(
      200,
    );
  }, 1_800_000);
});
