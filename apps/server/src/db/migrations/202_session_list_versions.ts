import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * A per-user version of everything the session list shows, raised by triggers on every write that can change
 * a list row: a session itself, the count of its trials (insert, delete, trash or move of a trial) and the name
 * (or removal) of its subject. The list service keeps built pages keyed by this version, so a page is only rebuilt after a
 * change, whichever process (or replica) made it. Trial progress updates do not touch it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('session_list_versions')
    // No foreign key: triggers of a cascade deleting a user's sessions raise the version of a user being deleted.
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Both dialects accept this upsert; `user` is an SQL expression giving the user id.
  const bump = (user: string): string => `
    insert into session_list_versions (user_id, version)
    select u, 1 from (select ${user} as u) as x where u is not null
    on conflict (user_id) do update set version = session_list_versions.version + 1;`;
  const sessionUser = (row: 'new' | 'old'): string =>
    `(select user_id from sessions where id = ${row}.session_id)`;

  if (await isPostgres(db)) {
    const fn = async (name: string, body: string) =>
      sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
        )
        .execute(db);
    await fn(
      'poselab_list_version_sessions',
      `if tg_op in ('UPDATE', 'DELETE') then ${bump('old.user_id')} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${bump('new.user_id')} end if;`,
    );
    await fn(
      'poselab_list_version_trials',
      `if tg_op in ('UPDATE', 'DELETE') then ${bump(sessionUser('old'))} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${bump(sessionUser('new'))} end if;`,
    );
    await fn(
      'poselab_list_version_subjects',
      `if tg_op = 'DELETE' then ${bump('old.user_id')} else ${bump('new.user_id')} end if;`,
    );
    await sql`create trigger sessions_list_version after insert or update or delete on sessions
      for each row execute function poselab_list_version_sessions()`.execute(db);
    await sql`create trigger trials_list_version after insert or update of trashed, session_id or delete on trials
      for each row execute function poselab_list_version_trials()`.execute(db);
    await sql`create trigger subjects_list_version after update of name or delete on subjects
      for each row execute function poselab_list_version_subjects()`.execute(db);
  } else {
    const trigger = (name: string, when: string, body: string) =>
      sql.raw(`create trigger ${name} after ${when} for each row begin ${body} end`).execute(db);
    await trigger('sessions_list_version_insert', 'insert on sessions', bump('new.user_id'));
    await trigger(
      'sessions_list_version_update',
      'update on sessions',
      bump('old.user_id') + bump('new.user_id'),
    );
    await trigger('sessions_list_version_delete', 'delete on sessions', bump('old.user_id'));
    await trigger('trials_list_version_insert', 'insert on trials', bump(sessionUser('new')));
    await trigger(
      'trials_list_version_update',
      'update of trashed, session_id on trials',
      bump(sessionUser('old')) + bump(sessionUser('new')),
    );
    await trigger('trials_list_version_delete', 'delete on trials', bump(sessionUser('old')));
    await trigger('subjects_list_version_update', 'update of name on subjects', bump('new.user_id'));
    await trigger('subjects_list_version_delete', 'delete on subjects', bump('old.user_id'));
  }
}
