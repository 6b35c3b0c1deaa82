import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Comparison reports made by report jobs: which function and trials a report compares (find-report-download
 * looks it up by them), the request whose job makes it now, and why it failed (for the log; users see SPEC's words).
 * Nullable columns, so rows from before keep working (they list, but no lookup finds them).
 */
export async function up(db: AnyDb): Promise<void> {
  const columns: Array<[string, string]> = [
    ['function_id', 'text'],
    /** The chosen trial ids, sorted and joined by ',': one report per function and set of trials. */
    ['trials_key', 'text'],
    /** The chosen trial ids in the order chosen (JSON array). */
    ['trial_ids', 'text'],
    /** The request whose job makes the report now (the job's payload.request_id); older jobs are ignored. */
    ['job_id', 'text'],
    ['error', 'text'],
    ['updated_at', 'text'],
  ];
  for (const [name, type] of columns) {
    await db.schema
      .alterTable('comparison_reports')
      .addColumn(name, type as 'text')
      .execute();
  }
  await db.schema
    .createIndex('comparison_reports_lookup_idx')
    .on('comparison_reports')
    .columns(['user_id', 'function_id', 'trials_key'])
    .execute();
}
