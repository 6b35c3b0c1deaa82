import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/** Capture: the phone model stored with each video, and the moment a trial's uploads were all in. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('trials').addColumn('uploads_completed_at', 'text').execute();
  await db.schema
    .createIndex('uploads_trial_device_idx')
    .on('uploads')
    .columns(['trial_id', 'device_id'])
    .unique()
    .execute();
}
