import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { EmailChangesTable } from '../db/schema';

export type EmailChangeRow = Selectable<EmailChangesTable>;

/** E-mail changes waiting for the link sent to the new address; only the token's hash is stored. */
export class EmailChangeRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<EmailChangesTable>): Promise<void> {
    await this.db.insertInto('email_changes').values(row).execute();
  }

  findByHash(tokenHash: string): Promise<EmailChangeRow | undefined> {
    return this.db
      .selectFrom('email_changes')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** The user's change still waiting for its link, if any. */
  findPending(userId: string, nowIso: string): Promise<EmailChangeRow | undefined> {
    return this.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Uses the link up; false when another request used it first. */
  async markUsed(id: string, atIso: string): Promise<boolean> {
    const r = await this.db
      .updateTable('email_changes')
      .set({ used_at: atIso })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Every waiting change of the user ends (a newer request, a password reset). */
  async cancelAllForUser(userId: string, atIso: string): Promise<void> {
    await this.db
      .updateTable('email_changes')
      .set({ used_at: atIso })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
