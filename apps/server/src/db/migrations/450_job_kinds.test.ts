import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../database';
import { migrations } from './index';

/** The jobs table keeps its rows when it is rebuilt for job kinds (SQLite cannot drop NOT NULL in place). */
describe('migration 450_job_kinds', () => {
  let handle: DatabaseHandle | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'poselab-migration-'));
  afterEach(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps existing jobs and lets new ones belong to no trial', async () => {
    handle = openDatabase({ sqliteFile: join(dir, 'db.sqlite') });
    const db = handle.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateTo('300_capture')).error).toBeUndefined();
    const now = new Date().toISOString();
    await sql`insert into users (id, username, email, password_hash, first_name, last_name,
      license_start_date, license_end_date, created_at)
      values ('u1', 'u', 'u@x.org', 'h', 'U', 'X', ${now}, ${now}, ${now})`.execute(db);
    await sql`insert into sessions (id, user_id, meta, public, trashed, pairing_secret, created_at, updated_at)
      values ('s1', 'u1', '{}', 0, 0, 'x', ${now}, ${now})`.execute(db);
    await sql`insert into trials (id, session_id, name, status, tags, meta, expected_videos, trashed, created_at, updated_at)
      values ('t1', 's1', 'calibration', 'stopped', '[]', '{}', 2, 0, ${now}, ${now})`.execute(db);
    await sql`insert into jobs (id, kind, trial_id, status, attempts, max_attempts, run_after, created_at, updated_at)
      values ('j1', 'calibration', 't1', 'queued', 0, 3, ${now}, ${now}, ${now})`.execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', 'j1').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'calibration', trial_id: 't1', payload: '{}', user_id: null });
    await db
      .insertInto('jobs')
      .values({
        id: 'j2',
        kind: 'report',
        trial_id: null,
        user_id: null,
        payload: '{"a":1}',
        status: 'queued',
        attempts: 0,
        max_attempts: 3,
        run_after: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Jobs still go with their trial.
    await db.deleteFrom('trials').where('id', '=', 't1').execute();
    expect((await db.selectFrom('jobs').select('id').execute()).map((r) => r.id)).toEqual(['j2']);
  });
});
