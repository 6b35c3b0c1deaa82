import { randomUUID } from 'node:crypto';
import { REPORT_FAILURE_MESSAGE, type ReportState, type ReportStatus } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import { enqueueJob } from '../jobs/queue';
import {
  ComparisonReportRepository,
  reportTrialsKey,
  type ComparisonReportRow,
} from '../repositories/comparison-report.repository';
import { mediaUrl } from './media-access.service';
import { reportFileName, reportTrialInputs } from './report-inputs';

async function statusOf(deps: AppDeps, r: ComparisonReportRow): Promise<ReportStatus> {
  const state = r.state as ReportState;
  const exists = state === 'successfull' && r.storage_key && (await deps.storage.stat(r.storage_key));
  return {
    id: r.id,
    state,
    media:
      exists && r.storage_key
        ? mediaUrl(deps, r.storage_key, { kind: 'user', userId: r.user_id }, { downloadName: r.file_name })
        : null,
    file_name: r.file_name,
    message: state === 'failed' ? REPORT_FAILURE_MESSAGE : null,
  };
}

/** SPEC §7 report-download and find-report-download. */
export class ComparisonReportService {
  private readonly reports: ComparisonReportRepository;
  constructor(private readonly deps: AppDeps) {
    this.reports = new ComparisonReportRepository(deps.db);
  }

  /**
   * Starts (or restarts) the report of these trials: one report per function and set of trials, so asking
   * again makes it anew; a report still being made is answered as it is (double clicks queue nothing).
   */
  async request(userId: string, functionId: string, trialIds: string[]): Promise<ReportStatus> {
    await reportTrialInputs(this.deps, userId, functionId, trialIds);
    const existing = await this.reports.findOfTrials(userId, functionId, trialIds);
    if (existing?.state === 'pending' && existing.trial_ids === JSON.stringify(trialIds)) {
      return statusOf(this.deps, existing);
    }
    const now = this.deps.clock.now();
    const id = existing?.id ?? randomUUID();
    const requestId = randomUUID();
    const fileName = reportFileName(functionId, id, now);
    const fields = {
      state: 'pending',
      storage_key: null,
      file_name: fileName,
      function_id: functionId,
      trials_key: reportTrialsKey(trialIds),
      trial_ids: JSON.stringify(trialIds),
      job_id: requestId,
      error: null,
      updated_at: now.toISOString(),
    };
    if (existing) {
      if (existing.storage_key) await this.deps.storage.delete(existing.storage_key);
      await this.reports.update(id, fields);
    } else {
      await this.reports.insert({
        id,
        user_id: userId,
        meta: '{}',
        created_at: now.toISOString(),
        ...fields,
      });
    }
    await enqueueJob(this.deps, {
      kind: 'report',
      userId,
      payload: { report_id: id, request_id: requestId },
    });
    return statusOf(this.deps, (await this.reports.findById(id))!);
  }

  async find(userId: string, functionId: string, trialIds: string[]): Promise<ReportStatus> {
    const row = await this.reports.findOfTrials(userId, functionId, trialIds);
    if (!row) throw notFound('No report of these trials yet.');
    return statusOf(this.deps, row);
  }
}
