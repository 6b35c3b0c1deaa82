import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { ResultsTable, TrialsTable, VideosTable } from '../db/schema';

export type TrialRow = Selectable<TrialsTable>;
export type ResultRow = Selectable<ResultsTable>;
export type VideoRow = Selectable<VideosTable>;

/** Trials with their videos and results. Domains append the queries they need. */
export class TrialRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<TrialsTable>): Promise<void> {
    await this.db.insertInto('trials').values(row).execute();
  }

  findById(id: string): Promise<TrialRow | undefined> {
    return this.db.selectFrom('trials').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listBySession(sessionId: string, opts: { includeTrashed?: boolean } = {}): Promise<TrialRow[]> {
    let q = this.db.selectFrom('trials').selectAll().where('session_id', '=', sessionId);
    if (!opts.includeTrashed) q = q.where('trashed', '=', 0);
    return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  }

  async update(id: string, patch: Updateable<TrialsTable>): Promise<void> {
    await this.db.updateTable('trials').set(patch).where('id', '=', id).execute();
  }

  /**
   * A processing trial's progress: the message as given, the percent only ever raised (a stage that reports
   * from its own start, such as a second detection pass, must not pull it back).
   */
  async raiseProgress(
    id: string,
    percent: number | null,
    message: string | null,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('trials')
      .set({
        ...(percent != null
          ? {
              progress_percent: sql<number>`case when progress_percent is null or progress_percent < ${percent} then ${percent} else progress_percent end`,
            }
          : {}),
        ...(message != null ? { progress_message: message } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('trials').where('id', '=', id).execute();
  }

  videosOf(trialIds: string[]): Promise<VideoRow[]> {
    if (trialIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('trial_id', 'in', trialIds)
      .orderBy('created_at')
      .execute();
  }

  resultsOf(trialIds: string[]): Promise<ResultRow[]> {
    if (trialIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', 'in', trialIds)
      .orderBy('created_at')
      .execute();
  }

  async insertResult(row: Insertable<ResultsTable>): Promise<void> {
    await this.db.insertInto('results').values(row).execute();
  }

  async insertVideo(row: Insertable<VideosTable>): Promise<void> {
    await this.db.insertInto('videos').values(row).execute();
  }

  // ---- Data management (rename uniqueness, retention) ----

  /** Names of every trial of a session (trashed ones included), for the unique-name rule. */
  async namesInSession(sessionId: string, exceptTrialId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('trials')
      .select('name')
      .where('session_id', '=', sessionId)
      .where('id', '!=', exceptTrialId)
      .execute();
    return rows.map((r) => r.name);
  }

  /** Trashed trials whose 30 days are over, with their session. */
  /** A user's trashed trials in sessions that are not trashed themselves (the recycle bin's loose trials). */
  trashedInActiveSessions(userId: string): Promise<Array<{ id: string }>> {
    return this.db
      .selectFrom('trials as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select('t.id')
      .where('s.user_id', '=', userId)
      .where('s.trashed', '=', 0)
      .where('s.removed_at', 'is', null)
      .where('t.trashed', '=', 1)
      .execute();
  }

  trashedBefore(cutoff: string): Promise<Array<{ id: string; session_id: string; name: string }>> {
    return this.db
      .selectFrom('trials')
      .select(['id', 'session_id', 'name'])
      .where('trashed', '=', 1)
      .where('trashed_at', '<', cutoff)
      .execute();
  }
}
