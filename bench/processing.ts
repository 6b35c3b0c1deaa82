/**
 * Processing bench (`npm run bench:processing`): the pose2sim demo through the real embedded worker — Qualisys
 * calibration imported, the static videos as the neutral trial, the balancing videos as a dynamic trial. Ends
 * with one JSON line: wall time per trial and each step's share (from the runner's timings).
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
import { createUserWithToken } from '../apps/server/src/test/fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';

const DEMO = resolve(import.meta.dirname, '../../shared/data/pose2sim-demo');
if (!existsSync(DEMO)) {
  console.error(`bench:processing needs ${DEMO}`);
  process.exit(2);
}
const CAMS = ['cam01', 'cam02', 'cam03', 'cam04'];

// MODELS_DIR=../shared/data/opencap-models runs the OpenSim model + marker augmenter path.
const t = await createTestApp({
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  ...(process.env.MODELS_DIR ? { MODELS_DIR: resolve(process.env.MODELS_DIR) } : {}),
});
t.deps.clock = systemClock;
const pool = startEmbeddedPool(t.deps, t.app.log, { size: 1, idleMs: 200 });
try {
  const user = await createUserWithToken(t.deps, {}, { verified: true });
  const sessionId = await insertSession(t.deps, user.user.id, { settings: { framerate: 60 } });
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
  console.log(JSON.stringify({ bench: 'processing', neutral, dynamic }));
} finally {
  await pool.stop();
  await t.close();
}
