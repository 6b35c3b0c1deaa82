import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Issue #20.
 * - sessions.listed: a session shows in the lists once it has a paired phone, a trial or a name. Every New
 *   session click creates one (listed = 0); triggers list it when a phone pairs with it (or moves to it with
 *   'new session same setup') or a trial is recorded; the services list it when it gets a name. Sessions that
 *   stay empty are removed after 24 h by the retention job. Existing empty sessions become unlisted here.
 * - users.show_email: whether the profile page shows the e-mail (its Contact link) to other users.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .alterTable('sessions')
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('sessions_user_listed_idx')
    .on('sessions')
    .columns(['user_id', 'listed'])
    .execute();

  const name = pg
    ? sql`(sessions.meta::jsonb ->> 'sessionName')`
    : sql`json_extract(sessions.meta, '$.sessionName')`;
  await sql`
    update sessions set listed = 0
     where removed_at is null
       and coalesce(${name}, '') = ''
       and not exists (select 1 from trials t where t.session_id = sessions.id)
       and not exists (select 1 from devices d where d.session_id = sessions.id)`.execute(db);

  const list = (row: string) => `update sessions set listed = 1 where id = ${row}.session_id and listed = 0;`;
  if (pg) {
    await sql
      .raw(
        `create function poselab_list_session() returns trigger language plpgsql as $$
         begin ${list('new')} return null; end $$`,
      )
      .execute(db);
    await sql`create trigger trials_list_session after insert on trials
      for each row execute function poselab_list_session()`.execute(db);
    await sql`create trigger devices_list_session after insert or update of session_id on devices
      for each row execute function poselab_list_session()`.execute(db);
  } else {
    const trigger = (triggerName: string, when: string) =>
      sql
        .raw(`create trigger ${triggerName} after ${when} for each row begin ${list('new')} end`)
        .execute(db);
    await trigger('trials_list_session', 'insert on trials');
    await trigger('devices_list_session_insert', 'insert on devices');
    await trigger('devices_list_session_update', 'update of session_id on devices');
  }
}
