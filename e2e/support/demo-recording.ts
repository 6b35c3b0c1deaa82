import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pairTestPhone, type TestPhone } from '../../apps/server/src/capture/test-phones';
import type { TestApp } from '../../apps/server/src/test/test-app';
import { ffprobePath } from '../../packages/pipeline/src/video/ffmpeg-binaries';
import { repoRoot } from './server';

/** The pose2sim demo (real 4-camera lab recording) and the helpers that record it with simulated phones. */
export const DEMO = resolve(repoRoot, '..', 'shared', 'data', 'pose2sim-demo');
export const DEMO_CAMS = ['cam01', 'cam02', 'cam03', 'cam04'];

/**
 * The unit tests' cache of 2D detections (packages/pipeline's demo-trial and apps/worker's demo-agreement tests
 * detect the demo's original clips into it, keyed by the videos' bytes and the detection options). Specs that
 * process those very clips but test something after detection (archives, the CLI's command on the original
 * clips) read it, so CI detects each clip once per run. Never for a spec whose subject is detection or timing
 * (processing-api kills a worker mid-detection).
 */
export const unitTestPoseCacheDir = process.env.POSE_CACHE_DIR || join(tmpdir(), 'poselab-test-pose-cache');

export function demoProbe(file: string): { codec: string; frames: number; width: number; height: number } {
  const r = spawnSync(ffprobePath, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-count_frames',
    '-show_entries',
    'stream=codec_name,nb_read_frames,width,height',
    '-of',
    'json',
    file,
  ]);
  const s = JSON.parse(r.stdout.toString()).streams[0];
  return { codec: s.codec_name, frames: Number(s.nb_read_frames), width: s.width, height: s.height };
}

/** Polls `fn` every 0.5 s until it gives a value, or throws after `ms`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms: number,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Records one trial: the session's phones (paired test phones speaking the device protocol) each upload their
 * camera's demo video from `folder` through the resumable upload calls. Returns the trial id.
 */
export async function recordDemoTrial(
  t: TestApp,
  auth: string,
  sessionId: string,
  phones: TestPhone[],
  name: string,
  folder: string,
  extra = '',
): Promise<string> {
  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: auth } });
  const rec = await get(`/sessions/${sessionId}/record/?name=${name}${extra}`);
  if (rec.statusCode !== 200) throw new Error(`record: ${rec.body}`);
  const trialId = rec.json<{ id: string }>().id;
  for (const p of phones) await p.next('record');
  if (name !== 'neutral') await get(`/sessions/${sessionId}/stop/`);
  await until(
    'trial stopped',
    async () => (await get(`/sessions/${sessionId}/status/`)).json().status !== 'recording',
    30_000,
  );
  const start = Date.now();
  for (const [i, p] of phones.entries()) {
    const file = join(DEMO, folder, `${DEMO_CAMS[i]}.mp4`);
    const bytes = readFileSync(file);
    const { frames, width, height } = demoProbe(file);
    const dev = { authorization: `Device ${p.token}` };
    const meta = {
      mime: 'video/mp4;codecs=avc1',
      model: 'Demo phone',
      fps: 60,
      width,
      height,
      rotation: 0,
      duration_sec: frames / 60,
      start_time_ms: start,
      frame_timestamps: null,
    };
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/capture/uploads/',
      headers: dev,
      payload: { trial_id: trialId, total_bytes: bytes.length, meta },
    });
    if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
    const { upload_id } = up.json<{ upload_id: string }>();
    for (let off = 0; off < bytes.length; off += 1024 * 1024) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/capture/uploads/${upload_id}/?offset=${off}`,
        headers: { ...dev, 'content-type': 'application/octet-stream' },
        payload: bytes.subarray(off, off + 1024 * 1024),
      });
      if (put.statusCode !== 200) throw new Error(`upload chunk: ${put.body}`);
    }
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/capture/uploads/${upload_id}/complete/`,
      headers: dev,
    });
    if (done.statusCode !== 200) throw new Error(`upload complete: ${done.body}`);
  }
  return trialId;
}

/**
 * A new session of the user with four paired test phones (pushed onto `phones`, which the caller keeps alive
 * and ends) and the demo's Qualisys calibration imported; the import's answer is returned for its checks.
 */
export async function demoSessionWithPhones(
  t: TestApp,
  auth: string,
  phones: TestPhone[],
): Promise<{ sessionId: string; imported: { statusCode: number; body: string; json: () => unknown } }> {
  const created = await t.app.inject({
    method: 'GET',
    url: '/api/sessions/new/',
    headers: { authorization: auth },
  });
  const sessionId = created.json<Array<{ id: string }>>()[0].id;
  const row = await t.deps.db
    .selectFrom('sessions')
    .select('pairing_secret')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < DEMO_CAMS.length; i++)
    phones.push(await pairTestPhone(t, { id: sessionId, secret: row.pairing_secret }));
  const form = new FormData();
  form.set('file', new Blob([readFileSync(join(DEMO, 'calibration', 'Calib.qca.txt'))]), 'Calib.qca.txt');
  const req = new Request('http://x', { method: 'POST', body: form });
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/import_calibration/`,
    headers: { authorization: auth, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return { sessionId, imported };
}
