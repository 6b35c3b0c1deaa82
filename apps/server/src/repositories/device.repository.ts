import { sql, type Insertable, type Selectable } from 'kysely';
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

  /**
   * The device behind a token while the token lives: its session is neither trashed nor removed, and the
   * phone was heard from after `idleSince`.
   */
  findLiveByTokenHash(tokenHash: string, idleSince: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('devices')
      .innerJoin('sessions', 'sessions.id', 'devices.session_id')
      .selectAll('devices')
      .where('devices.token_hash', '=', tokenHash)
      .where('devices.last_seen_at', '>', idleSince)
      .where('sessions.trashed', '=', 0)
      .where('sessions.removed_at', 'is', null)
      .executeTakeFirst();
  }

  /** Whether the device's token still lives (same rules as findLiveByTokenHash). */
  async isLive(id: string, idleSince: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('devices')
      .innerJoin('sessions', 'sessions.id', 'devices.session_id')
      .select('devices.id')
      .where('devices.id', '=', id)
      .where('devices.token_hash', 'not like', 'revoked:%')
      .where('devices.last_seen_at', '>', idleSince)
      .where('sessions.trashed', '=', 0)
      .where('sessions.removed_at', 'is', null)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The session went to the recycle bin: its phones' tokens end for good (a restore needs a new scan). */
  async revokeTokensOfSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ token_hash: sql<string>`'revoked:' || id` })
      .where('session_id', '=', sessionId)
      .execute();
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

  /** Records activity unless it was recorded after `olderThan` (heartbeats come every 5 s; idle ends at a day). */
  async touchIfOlder(id: string, at: string, olderThan: string): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ last_seen_at: at })
      .where('id', '=', id)
      .where('last_seen_at', '<', olderThan)
      .execute();
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
