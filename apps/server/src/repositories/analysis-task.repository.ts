import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { AnalysisTasksTable } from '../db/schema';
import type { ResultRow } from './result.repository';

export type AnalysisTaskRow = Selectable<AnalysisTasksTable>;
/** A task with whether its stored result still exists (reprocessing a trial removes its results). */
export type AnalysisTaskView = AnalysisTaskRow & { result_exists: number };

/** Analysis tasks (one per trial and function) and the analysis results among the trial results. */
export class AnalysisTaskRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<AnalysisTasksTable>): Promise<void> {
    await this.db.insertInto('analysis_tasks').values(row).execute();
  }

  findById(id: string): Promise<AnalysisTaskRow | undefined> {
    return this.db.selectFrom('analysis_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOf(trialId: string, functionId: string): Promise<AnalysisTaskRow | undefined> {
    return this.db
      .selectFrom('analysis_tasks')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('function_id', '=', functionId)
      .executeTakeFirst();
  }

  async update(id: string, patch: Updateable<AnalysisTasksTable>): Promise<void> {
    await this.db.updateTable('analysis_tasks').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('analysis_tasks').where('id', '=', id).execute();
  }

  private views() {
    return this.db
      .selectFrom('analysis_tasks as t')
      .leftJoin('results as r', 'r.id', 't.result_id')
      .selectAll('t')
      .select((eb) => eb.case().when('r.id', 'is not', null).then(1).else(0).end().as('result_exists'));
  }

  ofTrials(trialIds: string[]): Promise<AnalysisTaskView[]> {
    if (trialIds.length === 0) return Promise.resolve([]);
    return this.views().where('t.trial_id', 'in', trialIds).orderBy('t.created_at').execute();
  }

  ofUser(userId: string, state?: string): Promise<AnalysisTaskView[]> {
    let q = this.views().where('t.user_id', '=', userId);
    if (state) q = q.where('t.state', '=', state);
    return q.orderBy('t.created_at').execute();
  }

  view(id: string): Promise<AnalysisTaskView | undefined> {
    return this.views().where('t.id', '=', id).executeTakeFirst();
  }

  /** The trial's results with this tag (an analysis keeps one per function). */
  resultsTagged(trialId: string, tag: string): Promise<ResultRow[]> {
    return this.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('tag', '=', tag)
      .execute();
  }

  async deleteResults(ids: string[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('results').where('id', 'in', ids).execute();
  }

  /** The newest result of a trial with this tag that has a file. */
  latestFileResult(trialId: string, tag: string): Promise<ResultRow | undefined> {
    return this.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('tag', '=', tag)
      .where('storage_key', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }
}
