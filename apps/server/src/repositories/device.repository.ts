import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { DevicesTable } from '../db/schema';

export type DeviceRow = Selectable<DevicesTable>;

/** Paired phones. */
export class DeviceRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<DevicesTable>): Promise<void> {
    await this.db.insertInto('devices').values(row).execute();
  }

  findById(id: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByTokenHash(tokenHash: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  listBySession(sessionId: string): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  listByIds(ids: string[]): Promise<DeviceRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
  }

  async countBySession(sessionId: string): Promise<number> {
    const r = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('devices').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  /** 'New session same setup': the session's phones move to the new session with their tokens. */
  async moveSession(fromSessionId: string, toSessionId: string): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ session_id: toSessionId })
      .where('session_id', '=', fromSessionId)
      .execute();
  }
}
