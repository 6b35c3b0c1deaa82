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

  /** Counts a wrong code atomically and answers the new count. */
  async incrementOtpAttempts(id: string): Promise<number> {
    await this.db
      .updateTable('tokens')
      .set((eb) => ({ otp_attempts: eb('otp_attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const row = await this.db
      .selectFrom('tokens')
      .select('otp_attempts')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.otp_attempts ?? 0;
  }
}
