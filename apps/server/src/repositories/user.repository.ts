import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

export class UserRepository {
  constructor(private readonly db: Db) {}

  async insert(user: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async update(id: string, patch: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Login accepts the username or the e-mail, both compared case-insensitively. */
  findByLogin(login: string): Promise<UserRow | undefined> {
    const v = login.trim().toLowerCase();
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', v), eb('email', '=', v)]))
      .executeTakeFirst();
  }

  findByUsernameInsensitive(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** Ids of every session of the user, trashed or not (account deletion removes their media). */
  async sessionIds(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Removes the user with everything they own. Sessions, subjects, trials, tokens and the rest go with the
   * foreign-key cascades; sessions are deleted first so the subject 'set null' rule never runs against rows
   * about to vanish.
   */
  async deleteWithData(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('subjects').where('user_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}
