import type { Insertable, Selectable, Updateable } from 'kysely';
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
}
