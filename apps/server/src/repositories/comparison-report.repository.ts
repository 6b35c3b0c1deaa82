import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { ComparisonReportsTable } from '../db/schema';

export type ComparisonReportRow = Selectable<ComparisonReportsTable>;

/** The key of a comparison: the same trials in any order are the same report. */
export function reportTrialsKey(trialIds: string[]): string {
  return [...trialIds].sort().join(',');
}

/** Comparison reports: the Downloads list, lookups by function and trials, and the report job's updates. */
export class ComparisonReportRepository {
  constructor(private readonly db: Db) {}

  listOfUser(userId: string): Promise<ComparisonReportRow[]> {
    return this.db
      .selectFrom('comparison_reports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findById(id: string): Promise<ComparisonReportRow | undefined> {
    return this.db.selectFrom('comparison_reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's report of this function over these trials (newest, should there be several). */
  findOfTrials(
    userId: string,
    functionId: string,
    trialIds: string[],
  ): Promise<ComparisonReportRow | undefined> {
    return this.db
      .selectFrom('comparison_reports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('function_id', '=', functionId)
      .where('trials_key', '=', reportTrialsKey(trialIds))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insert(row: Insertable<ComparisonReportsTable>): Promise<void> {
    await this.db.insertInto('comparison_reports').values(row).execute();
  }

  async update(id: string, patch: Updateable<ComparisonReportsTable>): Promise<void> {
    await this.db.updateTable('comparison_reports').set(patch).where('id', '=', id).execute();
  }

  /** Updates the row only while `jobId` is the job making it (a newer request may have replaced the job). */
  async updateForJob(id: string, jobId: string, patch: Updateable<ComparisonReportsTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('comparison_reports')
      .set(patch)
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
