import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Per-user session totals kept by triggers, so the session list's total (SPEC §2: 40 per page with the total)
 * does not count every session of the user on each request. `active` counts sessions neither trashed nor
 * removed, `trashed` those in the recycle bin. Triggers keep them exact whoever writes the sessions table.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('session_counts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (await isPostgres(db)) {
    await sql`
      create function poselab_session_counts() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update session_counts
             set active = active - (old.removed_at is null and old.trashed = 0)::int,
                 trashed = trashed - (old.removed_at is null and old.trashed = 1)::int
           where user_id = old.user_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into session_counts (user_id, active, trashed) values (new.user_id, 0, 0)
            on conflict (user_id) do nothing;
          update session_counts
             set active = active + (new.removed_at is null and new.trashed = 0)::int,
                 trashed = trashed + (new.removed_at is null and new.trashed = 1)::int
           where user_id = new.user_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger sessions_count_trigger after insert or update of user_id, trashed, removed_at or delete
      on sessions for each row execute function poselab_session_counts()`.execute(db);
  } else {
    const add = (row: 'new') =>
      sql.raw(`
      insert or ignore into session_counts (user_id, active, trashed) values (${row}.user_id, 0, 0);
      update session_counts
         set active = active + (${row}.removed_at is null and ${row}.trashed = 0),
             trashed = trashed + (${row}.removed_at is null and ${row}.trashed = 1)
       where user_id = ${row}.user_id;`);
    const sub = sql.raw(`
      update session_counts
         set active = active - (old.removed_at is null and old.trashed = 0),
             trashed = trashed - (old.removed_at is null and old.trashed = 1)
       where user_id = old.user_id;`);
    await sql`create trigger sessions_count_insert after insert on sessions begin ${add('new')} end`.execute(
      db,
    );
    await sql`create trigger sessions_count_delete after delete on sessions begin ${sub} end`.execute(db);
    await sql`create trigger sessions_count_update after update of user_id, trashed, removed_at on sessions
      begin ${sub} ${add('new')} end`.execute(db);
  }

  await sql`
    insert into session_counts (user_id, active, trashed)
    select user_id,
           sum(case when removed_at is null and trashed = 0 then 1 else 0 end),
           sum(case when removed_at is null and trashed = 1 then 1 else 0 end)
      from sessions group by user_id`.execute(db);
}
