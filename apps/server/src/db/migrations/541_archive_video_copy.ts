import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Issue #27: an archive holds the original videos, their de-identified copies or none (`videos`). Archives
 * made before keep null (read as their with_videos says: 'original' or 'none') and are no longer reused, as
 * every request now names its copy.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('archives').addColumn('videos', 'text').execute();
}
