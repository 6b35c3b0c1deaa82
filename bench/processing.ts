/**
 * Processing bench (`npm run bench:processing`): the pose2sim demo through the real embedded worker — Qualisys
 * calibration imported, the static videos as the neutral trial, the balancing videos as a dynamic trial — once
 * with the default settings (SPEC §9: LaiUhlrich2022_shoulder on marker augmenter v0.3, both shipped) and once
 * on the built-in model without the augmenter, in alternating order (BENCH_PROCESSING_ROUNDS rounds, default
 * 1: built-in, default). Ends with one JSON line: wall time per trial and each step's share (from the runner's
 * timings), the trial's time on each path, and `augmenterOverheadPct`: the kinematics step's extra time on the
 * default path (augmenter + IK on the OpenSim model; every other step does the same work on both paths) as a
 * share of the built-in trial's time (`wallOverheadPct`: the same from the wall times, noisier).
 * POSE_CACHE_DIR reuses 2D detections (both paths then read the same cache; without it each run detects).
 * BENCH_PROCESSING_DEIDENTIFIED=1 (issue #27) also runs the default path for a subject who chose
 * de-identified videos, after the rounds: `deidentifyStep_s` is that trial's 'deidentify' step (face scans,
 * blurred copies of the original and of the synced video, every camera) and `deidentifyAddedPct` its share of
 * the same trial's other steps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { systemClock } from '../apps/server/src/deps';
import { startEmbeddedPool } from '../apps/server/src/jobs/embedded-pool';
import {
  insertDevices,
  insertSession,
  insertTrialWithVideos,
} from '../apps/server/src/jobs/processing-fixtures';
import { enqueueProcessing } from '../apps/server/src/jobs/queue';
import { DATA_SHARING_CHOICES } from '../packages/contract/src/capture';
import { createUserWithToken } from '../apps/server/src/test/fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';

const DEMO = resolve(import.meta.dirname, '../../shared/data/pose2sim-demo');
if (!existsSync(DEMO)) {
  console.error(`bench:processing needs ${DEMO}`);
  process.exit(2);
}
const CAMS = ['cam01', 'cam02', 'cam03', 'cam04'];

// MODELS_DIR adds models as on a server; the default path needs none.
const t = await createTestApp({
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  ...(process.env.MODELS_DIR ? { MODELS_DIR: resolve(process.env.MODELS_DIR) } : {}),
});
t.deps.clock = systemClock;
const pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, idleMs: 200 });
try {
  const user = await createUserWithToken(t.deps, {}, { verified: true });
  const runSession = async (settings: Record<string, unknown>) => {
    const sessionId = await insertSession(t.deps, user.user.id, {
      settings: { framerate: 60, ...settings },
      subject: { mass: 70, height: 1.8 },
    });
    const devices = await insertDevices(t.deps, sessionId, CAMS);
    const form = new FormData();
    form.set('file', new Blob([readFileSync(`${DEMO}/calibration/Calib.qca.txt`)]), 'Calib.qca.txt');
    const req = new Request('http://x', { method: 'POST', body: form });
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/import_calibration/`,
      headers: { authorization: user.authorization, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    if (imported.statusCode !== 200) throw new Error(`import failed: ${imported.body}`);

    const runTrial = async (name: string, folder: string) => {
      const trialId = await insertTrialWithVideos(
        t.deps,
        sessionId,
        name,
        CAMS.map((c, i) => ({ deviceId: devices[i], bytes: readFileSync(`${DEMO}/${folder}/${c}.mp4`) })),
      );
      const t0 = performance.now();
      await enqueueProcessing(t.deps, trialId);
      for (;;) {
        const row = await t.deps.db
          .selectFrom('trials')
          .selectAll()
          .where('id', '=', trialId)
          .executeTakeFirstOrThrow();
        if (row.status === 'done' || row.status === 'error') {
          const meta = JSON.parse(row.meta);
          const results = await t.deps.db
            .selectFrom('results')
            .select('tag')
            .where('trial_id', '=', trialId)
            .execute();
          return {
            name,
            status: row.status,
            error: meta.error_msg ?? null,
            model: meta.model ?? null,
            augmenter: meta.augmenter ?? null,
            warnings: (meta.warnings ?? []).map((w: { code: string }) => w.code),
            wall_s: (performance.now() - t0) / 1000,
            timings: meta.timings,
            tags: results.map((r) => r.tag),
          };
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const neutral = await runTrial('neutral', 'static');
    console.error(JSON.stringify(neutral, null, 1));
    const dynamic = neutral.status === 'done' ? await runTrial('balancing', 'balancing') : null;
    console.error(JSON.stringify(dynamic, null, 1));
    return { neutral, dynamic };
  };
  const rounds = Math.max(1, Number(process.env.BENCH_PROCESSING_ROUNDS ?? 1));
  const builtinRuns: Awaited<ReturnType<typeof runSession>>[] = [];
  const defaultRuns: Awaited<ReturnType<typeof runSession>>[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternating order, so that a machine growing busier does not favour one path.
    if (r % 2 === 0) {
      builtinRuns.push(await runSession({ openSimModel: 'PoseLab_FullBody' }));
      defaultRuns.push(await runSession({}));
    } else {
      defaultRuns.push(await runSession({}));
      builtinRuns.push(await runSession({ openSimModel: 'PoseLab_FullBody' }));
    }
  }
  const deidentified =
    process.env.BENCH_PROCESSING_DEIDENTIFIED === '1'
      ? await runSession({ data_sharing: DATA_SHARING_CHOICES[1] })
      : null;
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
  type Run = (typeof defaultRuns)[number];
  const done = (runs: Run[]) => runs.flatMap((x) => (x.dynamic?.status === 'done' ? [x.dynamic] : []));
  const wall = (runs: Run[]) => done(runs).map((d) => d.wall_s);
  const step = (runs: Run[], name: string) =>
    median(
      done(runs).map(
        (d) =>
          d.timings.steps.find((st: { name: string; seconds: number }) => st.name === name)?.seconds ?? 0,
      ),
    );
  const withAugmenter = median(wall(defaultRuns));
  const withoutAugmenter = median(wall(builtinRuns));
  // The two paths differ only in the kinematics step (augmenter + IK on the OpenSim model); detection, sync
  // and the synced videos are the same work, whose time swings by tens of seconds on a shared machine. The
  // overhead is that step's difference against the whole built-in trial.
  const ikWith = step(defaultRuns, 'inverse-kinematics');
  const ikWithout = step(builtinRuns, 'inverse-kinematics');
  const builtinTotal = median(done(builtinRuns).map((d) => d.timings.total_s));
  const summary = {
    bench: 'processing',
    model: defaultRuns[0].neutral.model,
    augmenter: defaultRuns[0].neutral.augmenter,
    neutral: defaultRuns[0].neutral,
    dynamic: defaultRuns[0].dynamic,
    builtin: builtinRuns[0],
    trialWithAugmenter_s: Number(withAugmenter.toFixed(2)),
    trialWithoutAugmenter_s: Number(withoutAugmenter.toFixed(2)),
    trialTimesWithAugmenter_s: wall(defaultRuns).map((v) => Number(v.toFixed(2))),
    trialTimesWithoutAugmenter_s: wall(builtinRuns).map((v) => Number(v.toFixed(2))),
    kinematicsStepWithAugmenter_s: ikWith,
    kinematicsStepWithoutAugmenter_s: ikWithout,
    augmenterOverheadPct: Number((((ikWith - ikWithout) / builtinTotal) * 100).toFixed(1)),
    wallOverheadPct: Number((((withAugmenter - withoutAugmenter) / withoutAugmenter) * 100).toFixed(1)),
    poseCache: Boolean(process.env.POSE_CACHE_DIR),
    ...deidentifiedFigures(deidentified?.dynamic ?? null),
  };
  console.error(
    `trial: ${summary.trialWithAugmenter_s} s with the augmenter (${summary.model}), ${summary.trialWithoutAugmenter_s} s without (PoseLab_FullBody), wall +${summary.wallOverheadPct} %; kinematics step ${ikWith} s vs ${ikWithout} s: +${summary.augmenterOverheadPct} % of the trial`,
  );
  if (deidentified)
    console.error(
      `de-identified trial: 'deidentify' step ${summary.deidentifyStep_s} s, +${summary.deidentifyAddedPct} % of its other steps`,
    );
  console.log(JSON.stringify(summary));
} finally {
  await pool.stop();
  await t.close();
}

/** The de-identification step's time and its share of the rest of the same trial (issue #27). */
function deidentifiedFigures(
  run: { status: string; timings: { total_s: number; steps: { name: string; seconds: number }[] } } | null,
) {
  if (!run) return {};
  if (run.status !== 'done') return { deidentifyStep_s: null, deidentifyAddedPct: null };
  const step = run.timings.steps.find((s) => s.name === 'deidentify')?.seconds ?? 0;
  return {
    deidentifyStep_s: Number(step.toFixed(2)),
    deidentifiedTrial_s: Number(run.timings.total_s.toFixed(2)),
    deidentifyAddedPct: Number(((step / (run.timings.total_s - step)) * 100).toFixed(1)),
  };
}
