import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Job kinds beyond trial processing: a job may belong to no trial (reports, archives), carries its kind's
 * payload as JSON, and names the user it works for (listing a user's pending work, quotas).
 * SQLite cannot drop a NOT NULL constraint, so its jobs table is rebuilt; nothing references it.
 */
export async function up(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    await sql`alter table jobs alter column trial_id drop not null`.execute(db);
    await db.schema
      .alterTable('jobs')
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('jobs')
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .execute();
  } else {
    await db.schema
      .createTable('jobs_v2')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('trial_id', 'text', (c) => c.references('trials.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('worker_id', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('progress_percent', 'double precision')
      .addColumn('progress_message', 'text')
      .addColumn('error', 'text')
      .addColumn('run_after', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into jobs_v2 (id, kind, trial_id, status, attempts, max_attempts, worker_id,
      lease_expires_at, progress_percent, progress_message, error, run_after, created_at, updated_at)
      select id, kind, trial_id, status, attempts, max_attempts, worker_id, lease_expires_at, progress_percent,
      progress_message, error, run_after, created_at, updated_at from jobs`.execute(db);
    await db.schema.dropTable('jobs').execute();
    await sql`alter table jobs_v2 rename to jobs`.execute(db);
    await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'run_after']).execute();
  }
  await db.schema.createIndex('jobs_trial_idx').on('jobs').columns(['trial_id', 'kind']).execute();
}
