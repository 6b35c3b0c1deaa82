import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Fixed-window counters shared by every API process through the database. One statement counts a hit and
 * answers the new count, so parallel requests can never all read the same old count.
 */
export class RateLimitRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one hit for `key`. A window that started at or before `expiredBefore` is over: the hit opens a new
   * one at `now`. Answers the hits in the current window (this one included) and when that window started.
   */
  async hit(
    key: string,
    now: string,
    expiredBefore: string,
  ): Promise<{ hits: number; window_start: string }> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expiredBefore} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<string>`case when rate_limits.window_start <= ${expiredBefore} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), window_start: row.window_start };
  }

  /** Takes one hit back (an attempt that turned out fine), within the same window only. */
  async refund(key: string, expiredBefore: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', key)
      .where('hits', '>', 0)
      .where('window_start', '>', expiredBefore)
      .execute();
  }

  /** Hits in the current window, without counting one. */
  async current(key: string, expiredBefore: string): Promise<{ hits: number; window_start: string } | null> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('key', '=', key)
      .where('window_start', '>', expiredBefore)
      .executeTakeFirst();
    return row ? { hits: Number(row.hits), window_start: row.window_start } : null;
  }

  /** Drops windows that ended long ago. */
  async deleteStartedBefore(before: string): Promise<number> {
    const r = await this.db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
