import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../db/database';
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

  // ---- Data management (lists, recycle bin, retention) ----

  /**
   * A page of a user's sessions with the subject's name and the count of non-trashed trials, plus the total.
   * Permanently removed sessions kept only as a calibration source (removed_at) never show, nor do empty
   * sessions (no phone, trial or name yet: `listed` = 0). The recycle bin (onlyTrashed) holds the trashed
   * sessions and the sessions with trashed trials; its trial count is of the trials in the bin.
   */
  async listPage(
    dialect: Dialect,
    userId: string,
    q: SessionListFilter,
  ): Promise<{ rows: SessionListRow[]; total: number }> {
    const sessionName =
      dialect === 'postgres'
        ? sql<string>`(s.meta::jsonb ->> 'sessionName')`
        : sql<string>`json_extract(s.meta, '$.sessionName')`;
    let base = this.db
      .selectFrom('sessions as s')
      .where('s.user_id', '=', userId)
      .where('s.removed_at', 'is', null);
    if (q.onlyTrashed) {
      base = base.where((eb) =>
        eb.or([
          eb('s.trashed', '=', 1),
          eb.exists(
            eb
              .selectFrom('trials as bt')
              .select('bt.id')
              .whereRef('bt.session_id', '=', 's.id')
              .where('bt.trashed', '=', 1),
          ),
        ]),
      );
    } else {
      base = base.where('s.listed', '=', 1);
      if (!q.includeTrashed) base = base.where('s.trashed', '=', 0);
    }
    if (q.subjectId) base = base.where('s.subject_id', '=', q.subjectId);
    if (q.search) {
      const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(s.id)`, 'like', sql`${like} escape '\\'`),
          eb(sql`lower(${sessionName})`, 'like', sql`${like} escape '\\'`),
        ]),
      );
    }
    const trialsCount = q.onlyTrashed
      ? sql<number>`(select count(*) from trials t where t.session_id = s.id and (s.trashed = 1 or t.trashed = 1))`
      : sql<number>`(select count(*) from trials t where t.session_id = s.id and t.trashed = 0)`;
    const dir = q.sortDesc ? 'desc' : 'asc';
    const sortExpr = {
      created_at: sql`s.created_at`,
      id: sql`s.id`,
      name: sql`lower(coalesce(${sessionName}, ''))`,
      subject_name: sql`lower(coalesce(sub.name, ''))`,
      trials_count: trialsCount,
    }[q.sort];
    const [rows, total] = await Promise.all([
      base
        .leftJoin('subjects as sub', 'sub.id', 's.subject_id')
        .selectAll('s')
        .select(['sub.name as subject_name', trialsCount.as('trials_count')])
        .orderBy(sql`${sortExpr} ${sql.raw(dir)}`)
        .orderBy(sql`s.id ${sql.raw(dir)}`)
        .limit(q.quantity)
        .offset(q.start)
        .execute(),
      q.subjectId || q.search || q.onlyTrashed
        ? base
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
            .then((c) => Number(c.n))
        : this.countOf(userId, q),
    ]);
    return { rows: rows.map((r) => ({ ...r, trials_count: Number(r.trials_count) })), total };
  }

  /** The version of everything the user's session list shows (migration 202's triggers raise it). */
  async listVersion(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('session_list_versions')
      .select('version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /**
   * The unfiltered total from the per-user counters the triggers of migration 201 keep, less the user's empty
   * sessions (few: they are removed after 24 h; counted through the (user_id, listed) index).
   */
  private async countOf(userId: string, q: SessionListFilter): Promise<number> {
    const [c, unlisted] = await Promise.all([
      this.db
        .selectFrom('session_counts')
        .select(['active', 'trashed'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('sessions')
        .select([
          sql<number>`sum(case when trashed = 0 then 1 else 0 end)`.as('active'),
          sql<number>`sum(case when trashed = 1 then 1 else 0 end)`.as('trashed'),
        ])
        .where('user_id', '=', userId)
        .where('listed', '=', 0)
        .where('removed_at', 'is', null)
        .executeTakeFirst(),
    ]);
    if (!c) return 0;
    const active = Number(c.active) - Number(unlisted?.active ?? 0);
    return active + (q.includeTrashed ? Number(c.trashed) - Number(unlisted?.trashed ?? 0) : 0);
  }

  /** The user's newest session that is still empty (never listed, no calibration source or subject). */
  newestEmptyOf(userId: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('listed', '=', 0)
      .where('trashed', '=', 0)
      .where('removed_at', 'is', null)
      .where('calibration_session_id', 'is', null)
      .where('subject_id', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Sessions created before `cutoff` that are still empty (never listed): removed by the retention job. */
  async idsUnlistedBefore(cutoff: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('listed', '=', 0)
      .where('removed_at', 'is', null)
      .where('created_at', '<', cutoff)
      .execute();
    return rows.map((r) => r.id);
  }

  /** A user's non-trashed sessions of one subject, newest first. */
  listOfSubject(userId: string, subjectId: string | null): Promise<SessionRow[]> {
    let q = this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trashed', '=', 0)
      .where('listed', '=', 1)
      .where('removed_at', 'is', null);
    q = subjectId === null ? q.where('subject_id', 'is', null) : q.where('subject_id', '=', subjectId);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** How many sessions (removed ones included) reuse this session's calibration. */
  async countCalibrationDependents(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('calibration_session_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A user's sessions in the recycle bin (trashed, not yet removed). */
  async trashedIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('trashed', '=', 1)
      .where('removed_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Trashed sessions whose 30 days are over. */
  async idsTrashedBefore(cutoff: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('trashed', '=', 1)
      .where('removed_at', 'is', null)
      .where('trashed_at', '<', cutoff)
      .execute();
    return rows.map((r) => r.id);
  }
}

export interface SessionListFilter {
  start: number;
  quantity: number;
  includeTrashed: boolean;
  onlyTrashed: boolean;
  subjectId?: string;
  search?: string;
  sort: 'created_at' | 'id' | 'name' | 'subject_name' | 'trials_count';
  sortDesc: boolean;
}

export type SessionListRow = SessionRow & { subject_name: string | null; trials_count: number };
