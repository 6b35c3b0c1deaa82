import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { ArchivesTable } from '../db/schema';

export type ArchiveRow = Selectable<ArchivesTable>;

/** Data archives (the async downloads' task records). */
export class ArchiveRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<ArchivesTable>): Promise<void> {
    await this.db.insertInto('archives').values(row).execute();
  }

  findById(id: string): Promise<ArchiveRow | undefined> {
    return this.db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, patch: Updateable<ArchivesTable>): Promise<void> {
    await this.db.updateTable('archives').set(patch).where('id', '=', id).execute();
  }

  /** An archive of the same content that is being made or is ready and not yet expired. */
  findReusable(
    key: {
      scope: string;
      scope_id: string;
      audience: string;
      with_videos: number;
      videos: string;
      content_hash: string;
    },
    now: string,
  ): Promise<ArchiveRow | undefined> {
    return this.db
      .selectFrom('archives')
      .selectAll()
      .where('scope', '=', key.scope)
      .where('scope_id', '=', key.scope_id)
      .where('audience', '=', key.audience)
      .where('with_videos', '=', key.with_videos)
      .where('videos', '=', key.videos)
      .where('content_hash', '=', key.content_hash)
      .where('state', 'in', ['queued', 'running', 'ready'])
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Archives whose retention ended. */
  expired(now: string, limit = 500): Promise<ArchiveRow[]> {
    return this.db.selectFrom('archives').selectAll().where('expires_at', '<=', now).limit(limit).execute();
  }

  /** How many archives a user has being made (a bound on queued work per user). */
  async pendingOfUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('archives')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('archives').where('id', '=', id).execute();
  }
}
