import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Security (issue #19): rate-limit counters in the database (they survive restarts and are shared by API
 * replicas), pending e-mail changes confirmed by a link, a writer lock per upload, and an index for the
 * sweeps that stop overdue recordings and clean up abandoned uploads.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();

  await db.schema.alterTable('uploads').addColumn('writer_token', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('writer_until', 'text').execute();
  await db.schema.createIndex('uploads_updated_idx').on('uploads').column('updated_at').execute();
  await db.schema.createIndex('trials_status_idx').on('trials').columns(['status', 'stopped_at']).execute();
}
