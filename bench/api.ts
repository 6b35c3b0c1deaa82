/**
 * Acceptance 4 of the data-management issue: seeds 10,000 sessions (with trials and subjects) for one user in
 * SQLite, starts the real server on it and loads POST /api/sessions/valid/ (the session list's first page of
 * 40) with autocannon, twice: as configured by default, where a built page is reused until the user's list
 * changes, and with SESSION_LIST_CACHE=0, where every request builds its page (the cost right after a change).
 * The last line is JSON: {"reqPerSec", "p99Ms", "uncachedReqPerSec", "uncachedP99Ms", "sessions"}. Target:
 * >= 2,000 req/s with p99 <= 50 ms. BENCH_PROFILE=<folder> writes the server's V8 CPU profile there (--cpu-prof).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { hashSecret, newSecret } from '../apps/server/src/http/tokens';

const SESSIONS = 10_000;
const TRIALS_PER_SESSION = 2;
const SUBJECTS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number; p50: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
  });
}

export async function seed(dataDir: string): Promise<string> {
  const handle = openDatabase({ sqliteFile: join(dataDir, 'poselab.sqlite') });
  await migrateToLatest(handle.db);
  const now = Date.now();
  const userId = randomUUID();
  const token = newSecret();
  await handle.db
    .insertInto('users')
    .values({
      id: userId,
      username: 'bench',
      email: 'bench@example.org',
      password_hash: 'scrypt$unusable',
      first_name: 'Bench',
      last_name: 'User',
      institution: '',
      profession: '',
      reason: '',
      website: '',
      country: 'US',
      language: 'en',
      unit: 'metric',
      newsletter: 0,
      institutional_use: 'research_at_academic',
      license_start_date: '2026-01-01',
      license_end_date: '2099-01-01',
      profile_picture_key: null,
      logo_key: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  await handle.db
    .insertInto('tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      token_hash: hashSecret(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 86_400_000).toISOString(),
      revoked_at: null,
      otp_verified: 1,
      otp_code_hash: null,
      otp_expires_at: null,
      otp_attempts: 0,
      otp_sent_at: null,
    })
    .execute();
  const subjectIds = Array.from({ length: SUBJECTS }, () => randomUUID());
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < SUBJECTS; i++) {
      await trx
        .insertInto('subjects')
        .values({
          id: subjectIds[i],
          user_id: userId,
          name: `subject_${i}`,
          weight: 70,
          height: 1.75,
          birth_year: 1990,
          sex_at_birth: null,
          gender: null,
          characteristics: '',
          subject_tags: '["unimpaired"]',
          terms: 1,
          share_token: randomUUID(),
          trashed: 0,
          trashed_at: null,
          created_at: new Date(now).toISOString(),
          updated_at: new Date(now).toISOString(),
        })
        .execute();
    }
    for (let i = 0; i < SESSIONS; i++) {
      const at = new Date(now - (SESSIONS - i) * 60_000).toISOString();
      const id = randomUUID();
      await trx
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          subject_id: subjectIds[i % SUBJECTS],
          meta: JSON.stringify({ sessionName: `session_${i}`, settings: { framerate: 60 } }),
          public: 0,
          trashed: i % 50 === 0 ? 1 : 0,
          trashed_at: i % 50 === 0 ? at : null,
          pairing_secret: randomUUID(),
          calibration_session_id: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      for (let k = 0; k < TRIALS_PER_SESSION; k++) {
        await trx
          .insertInto('trials')
          .values({
            id: randomUUID(),
            session_id: id,
            name: k === 0 ? 'neutral' : `walk_${k}`,
            status: 'done',
            tags: '[]',
            meta: '{}',
            progress_percent: null,
            progress_message: null,
            expected_videos: 2,
            trashed: 0,
            trashed_at: null,
            started_at: null,
            stopped_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    }
  });
  await handle.close();
  return token;
}

interface RunResult {
  reqPerSec: number;
  p99Ms: number;
}

/** Starts the real server on the seeded data (extra env on top), loads the session list, stops the server. */
async function loadSessionList(
  dataDir: string,
  token: string,
  extraEnv: Record<string, string>,
): Promise<RunResult> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('the server exited early');
      const ok = await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const request = {
      url: `${url}/api/sessions/valid/`,
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        start: 0,
        quantity: 40,
        include_trashed: false,
        sort: 'created_at',
        sort_desc: true,
      }),
    };
    const check = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
    const page = (await check.json()) as { sessions: unknown[]; total: number };
    if (!check.ok || page.sessions.length !== 40) throw new Error(`unexpected answer ${check.status}`);
    console.log(`first page: 40 of ${page.total} non-trashed sessions`);
    await autocannon({ ...request, connections: CONNECTIONS, duration: 2 }); // warm-up
    // The machine's ceiling right now: the same server answering GET /api/health (no auth, no SQL), since the
    // figures below depend heavily on what else the (shared) machine is running.
    const base = await autocannon({
      url: `${url}/api/health`,
      method: 'GET',
      headers: {},
      body: '',
      connections: CONNECTIONS,
      duration: 3,
    });
    console.log(
      `baseline GET /api/health: ${base.requests.average} req/s, p99 ${base.latency.p99} ms; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    const r = await autocannon({ ...request, connections: CONNECTIONS, duration: DURATION_S });
    console.log(
      `${r.requests.total} requests in ${DURATION_S} s with ${CONNECTIONS} connections: avg ${r.requests.average} req/s, ` +
        `latency p50 ${r.latency.p50} ms, avg ${r.latency.average} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
    if (r.non2xx > 0 || r.errors > 0) throw new Error('some requests failed');
    return { reqPerSec: r.requests.average, p99Ms: r.latency.p99 };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'poselab-bench-api-'));
  const t0 = performance.now();
  const token = await seed(dataDir);
  console.log(
    `seeded ${SESSIONS} sessions, ${SESSIONS * TRIALS_PER_SESSION} trials in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  try {
    console.log('\nAs configured by default (built pages reused until the list changes):');
    const warm = await loadSessionList(dataDir, token, {});
    console.log('\nEvery page built on request (SESSION_LIST_CACHE=0: the cost after each change):');
    const cold = await loadSessionList(dataDir, token, { SESSION_LIST_CACHE: '0' });
    console.log(
      JSON.stringify({
        reqPerSec: warm.reqPerSec,
        p99Ms: warm.p99Ms,
        uncachedReqPerSec: cold.reqPerSec,
        uncachedP99Ms: cold.p99Ms,
        sessions: SESSIONS,
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!process.env.BENCH_API_NO_RUN) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
