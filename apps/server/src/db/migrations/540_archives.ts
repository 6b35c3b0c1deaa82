import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Data archives (SPEC §7 'Downloads'): one row per archive made by an 'archive' job; its id is the task id the
 * web app polls. An archive is of a session or of a subject's sessions, for the owner or for visitors of a
 * public session (`audience`), and is reused while its content (`content_hash`) is unchanged.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('archives')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('with_videos', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('progress_percent', 'double precision')
    .addColumn('progress_message', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'double precision')
    .addColumn('error', 'text')
    // A stable code for the web app's catalogue: storage_failed, unavailable or failed.
    .addColumn('error_code', 'text')
    // The job's inputs as JSON { id: { key, trial_id, video } }, written when a worker claims the job.
    .addColumn('inputs', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('archives_scope_idx')
    .on('archives')
    .columns(['scope', 'scope_id', 'audience', 'with_videos', 'content_hash'])
    .execute();
  await db.schema.createIndex('archives_expires_idx').on('archives').column('expires_at').execute();
}
