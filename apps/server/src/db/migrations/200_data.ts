import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Data management: `removed_at` marks a permanently removed session kept only because a later session made
 * with 'new session same setup' still uses its calibration (lists and reads skip it); indexes for retention.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('removed_at', 'text').execute();
  await db.schema
    .createIndex('sessions_calibration_idx')
    .on('sessions')
    .column('calibration_session_id')
    .execute();
  // The session list (user, not removed, trashed or not, newest first) and its total read only this index.
  await db.schema
    .createIndex('sessions_user_list_idx')
    .on('sessions')
    .columns(['user_id', 'removed_at', 'trashed', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('trials_session_trashed_idx')
    .on('trials')
    .columns(['session_id', 'trashed'])
    .execute();
  await db.schema.createIndex('sessions_trashed_at_idx').on('sessions').column('trashed_at').execute();
  await db.schema.createIndex('trials_trashed_at_idx').on('trials').column('trashed_at').execute();
  await db.schema.createIndex('subjects_trashed_at_idx').on('subjects').column('trashed_at').execute();
}
