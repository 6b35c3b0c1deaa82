import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Advanced analyses (issue #16): one task per trial and analysis function, its id the task_id of SPEC §7. A
 * re-run replaces the task. State pending (shown as Calculating), successfull or failed; message is the
 * coded user message of a failure (JSON); result_id the stored result, dashboard_id the user's dashboard.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('analysis_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trial_id', 'text', (c) => c.notNull().references('trials.id').onDelete('cascade'))
    .addColumn('function_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('result_id', 'text')
    .addColumn('dashboard_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analysis_tasks_trial_function_idx')
    .on('analysis_tasks')
    .columns(['trial_id', 'function_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('analysis_tasks_user_state_idx')
    .on('analysis_tasks')
    .columns(['user_id', 'state'])
    .execute();
}
