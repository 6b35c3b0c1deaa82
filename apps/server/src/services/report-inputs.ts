import { analysisResultTag } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/http-error';
import type { ComparisonReportRow } from '../repositories/comparison-report.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository, type ResultRow, type TrialRow } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';
import { isSharedTrial } from './share-access';

/** A report's PDF name: function, day and a short id, ASCII only (it is also the storage file name). */
export function reportFileName(functionId: string, reportId: string, at: Date): string {
  return `${functionId}-report-${at.toISOString().slice(0, 10)}-${reportId.slice(0, 8)}.pdf`;
}

/** The trials of a report with their newest result of the function, in the order chosen. */
export interface ReportTrialInput {
  trial: TrialRow;
  result: ResultRow;
}

/**
 * Loads the user's processed trials and their results of the function, in the order given. Unknown trials and
 * other users' trials are 404; a trial without a stored result of the function is a 400 naming it.
 */
export async function reportTrialInputs(
  deps: AppDeps,
  userId: string,
  functionId: string,
  trialIds: string[],
): Promise<ReportTrialInput[]> {
  const trials = new TrialRepository(deps.db);
  const sessions = new SessionRepository(deps.db);
  const tag = analysisResultTag(functionId);
  const out: ReportTrialInput[] = [];
  const missing: string[] = [];
  for (const id of trialIds) {
    const trial = await trials.findById(id);
    const session = trial ? await sessions.findOwned(trial.session_id, userId) : undefined;
    if (!trial || !session || session.removed_at || !isSharedTrial(trial)) throw notFound('Trial not found.');
    const result = (await trials.resultsOf([id])).filter((r) => r.tag === tag && r.storage_key).at(-1);
    if (result) out.push({ trial, result });
    else missing.push(trial.name);
  }
  if (missing.length > 0) {
    throw badRequest(
      `These trials have no ${functionId} result yet: ${missing.join(', ')}. Run the Advanced Analysis on each trial first.`,
    );
  }
  return out;
}

/** Where a report's PDF is stored. */
export function reportStorageKey(r: ComparisonReportRow): string {
  return mediaKeys.report(r.user_id, r.file_name);
}
