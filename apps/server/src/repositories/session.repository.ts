import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { SessionsTable } from '../db/schema';

export type SessionRow = Selectable<SessionsTable>;

/** Sessions. Domains add query methods here (list/paging by the data issue, capture lookups by capture). */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The session if it belongs to the user; undefined otherwise (callers answer 404, never 403). */
  findOwned(id: string, userId: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async update(id: string, patch: Updateable<SessionsTable>): Promise<void> {
    await this.db.updateTable('sessions').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }
}
