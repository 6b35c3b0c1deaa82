import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PasswordResetsTable } from '../db/schema';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** Single-use password reset links; only the token's hash is stored. */
export class PasswordResetRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<PasswordResetsTable>): Promise<void> {
    await this.db.insertInto('password_resets').values(row).execute();
  }

  findByHash(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the link used; false when another request used it first (single use under concurrency). */
  async markUsed(id: string, atIso: string): Promise<boolean> {
    const r = await this.db
      .updateTable('password_resets')
      .set({ used_at: atIso })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Older unused links of the user stop working once a new one is sent or one is used. */
  async invalidateAllForUser(userId: string, atIso: string): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: atIso })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
