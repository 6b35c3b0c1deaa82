import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { TokensTable } from '../db/schema';

export type TokenRow = Selectable<TokensTable>;

export class TokenRepository {
  constructor(private readonly db: Db) {}

  async insert(token: Insertable<TokensTable>): Promise<void> {
    await this.db.insertInto('tokens').values(token).execute();
  }

  findByHash(tokenHash: string): Promise<TokenRow | undefined> {
    return this.db.selectFrom('tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async update(id: string, patch: Updateable<TokensTable>): Promise<void> {
    await this.db.updateTable('tokens').set(patch).where('id', '=', id).execute();
  }

  async revokeAllForUser(userId: string, at: string): Promise<void> {
    await this.db
      .updateTable('tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revoke(id: string, at: string): Promise<void> {
    await this.db.updateTable('tokens').set({ revoked_at: at }).where('id', '=', id).execute();
  }

  /**
   * Counts one code try atomically, before the code is compared, and answers the tries so far; null when the
   * token has used up its tries (then no code, not even the right one, is accepted).
   */
  async claimOtpAttempt(id: string, maxTries: number): Promise<number | null> {
    const row = await this.db
      .updateTable('tokens')
      .set((eb) => ({ otp_attempts: eb('otp_attempts', '+', 1) }))
      .where('id', '=', id)
      .where('otp_attempts', '<', maxTries)
      .returning('otp_attempts')
      .executeTakeFirst();
    return row ? Number(row.otp_attempts) : null;
  }
}
