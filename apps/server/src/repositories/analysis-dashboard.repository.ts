import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { AnalysisDashboardsTable } from '../db/schema';

export type AnalysisDashboardRow = Selectable<AnalysisDashboardsTable>;

/** Users' analysis dashboards: one per user and analysis function. */
export class AnalysisDashboardRepository {
  constructor(private readonly db: Db) {}

  /**
   * The user's dashboard for a function, created from `title` and `layout` (JSON text) the first time. Safe
   * under concurrency: a parallel creation loses on the unique (user, function) index and reads the winner's.
   */
  async ensure(
    userId: string,
    functionId: string,
    init: { title: string; layout: string },
    now: string,
  ): Promise<AnalysisDashboardRow> {
    const existing = await this.findOfFunction(userId, functionId);
    if (existing) return existing;
    const row: AnalysisDashboardRow = {
      id: randomUUID(),
      user_id: userId,
      function_id: functionId,
      title: init.title,
      layout: init.layout,
      created_at: now,
      updated_at: now,
    };
    await this.db
      .insertInto('analysis_dashboards')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'function_id']).doNothing())
      .execute();
    return (await this.findOfFunction(userId, functionId)) ?? row;
  }

  findOfFunction(userId: string, functionId: string): Promise<AnalysisDashboardRow | undefined> {
    return this.db
      .selectFrom('analysis_dashboards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('function_id', '=', functionId)
      .executeTakeFirst();
  }

  findById(id: string): Promise<AnalysisDashboardRow | undefined> {
    return this.db.selectFrom('analysis_dashboards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listOfUser(userId: string): Promise<AnalysisDashboardRow[]> {
    return this.db
      .selectFrom('analysis_dashboards')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('title', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }
}
