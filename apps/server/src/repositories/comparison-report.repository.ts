import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ComparisonReportsTable } from '../db/schema';

export type ComparisonReportRow = Selectable<ComparisonReportsTable>;

/** Read side of comparison reports (the Downloads list); processing creates and updates them. */
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
}
