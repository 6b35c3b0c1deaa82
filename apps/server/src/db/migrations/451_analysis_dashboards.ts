import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/** A user's analysis dashboard per analysis function, made from the function's layout (SPEC §3). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('analysis_dashboards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('function_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analysis_dashboards_user_function_idx')
    .on('analysis_dashboards')
    .columns(['user_id', 'function_id'])
    .unique()
    .execute();
}
