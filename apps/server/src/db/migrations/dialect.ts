import { sql, type Kysely } from 'kysely';

/** Whether a migration runs on PostgreSQL (triggers are written per dialect); false on SQLite. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
export async function isPostgres(db: Kysely<any>): Promise<boolean> {
  return sql`select version() as v`
    .execute(db)
    .then((r) => String((r.rows[0] as { v?: string } | undefined)?.v ?? '').includes('PostgreSQL'))
    .catch(() => false);
}
