import {
  analysisResultTag,
  REPORT_RESULT_TAG,
  reportJobPayload,
  type ReportJobPayload,
} from '@poselab/contract';
import type { AppDeps } from '../../deps';
import { HttpError, badRequest, conflict } from '../../http/http-error';
import { AnalysisDashboardRepository } from '../../repositories/analysis-dashboard.repository';
import {
  ComparisonReportRepository,
  type ComparisonReportRow,
} from '../../repositories/comparison-report.repository';
import { SessionRepository } from '../../repositories/session.repository';
import { SubjectRepository } from '../../repositories/subject.repository';
import { UserRepository } from '../../repositories/user.repository';
import type { JobRow } from '../../repositories/job.repository';
import { reportStorageKey, reportTrialInputs } from '../../services/report-inputs';
import { jobSettings } from '../job-settings';
import { JobInputError, jobPayload, specCommon, type JobKindHandler } from './job-kind';

/** The report row a job makes, if the job is still the one asked for last (a newer request replaces it). */
async function currentReport(deps: AppDeps, job: JobRow): Promise<ComparisonReportRow | undefined> {
  const p = jobPayload(job);
  const row = await new ComparisonReportRepository(deps.db).findById(String(p.report_id ?? ''));
  return row && row.job_id === String(p.request_id ?? '') ? row : undefined;
}

function trialIdsOf(row: ComparisonReportRow): string[] {
  try {
    const v: unknown = JSON.parse(row.trial_ids ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** The worker's payload: the trials in the order chosen, with the names the cover prints. */
async function reportPayload(deps: AppDeps, row: ComparisonReportRow): Promise<ReportJobPayload> {
  const functionId = row.function_id ?? '';
  const inputs = await reportTrialInputs(deps, row.user_id, functionId, trialIdsOf(row)).catch(
    (err: unknown) => {
      throw new JobInputError(err instanceof HttpError ? err.message : 'The trials could not be read.');
    },
  );
  const user = await new UserRepository(deps.db).findById(row.user_id);
  const dashboard = await new AnalysisDashboardRepository(deps.db).findOfFunction(row.user_id, functionId);
  const sessions = new SessionRepository(deps.db);
  const subjects = new SubjectRepository(deps.db);
  const trials = [];
  for (const { trial, result } of inputs) {
    const session = await sessions.findById(trial.session_id);
    let sessionName = '';
    try {
      sessionName = String(
        (JSON.parse(session?.meta ?? '{}') as { sessionName?: unknown }).sessionName ?? '',
      );
    } catch {
      // unreadable meta: no session name
    }
    trials.push({
      trial_id: trial.id,
      name: trial.name,
      session_id: trial.session_id,
      session_name: sessionName,
      subject_name: await subjects.nameOf(session?.subject_id ?? null),
      recorded_at: trial.created_at,
      input_id: `result:${result.id}`,
    });
  }
  const author = user ? `${user.first_name} ${user.last_name}`.trim() || user.username : '';
  return reportJobPayload.parse({
    report_id: row.id,
    function_id: functionId,
    function_title: dashboard?.title ?? functionId,
    language: user?.language === 'de' ? 'de' : 'en',
    requested_at: row.updated_at ?? row.created_at,
    author,
    trials,
  });
}

/**
 * Comparison reports (SPEC §4): the report row goes pending → successfull with its PDF, or failed (users read
 * SPEC's failure message; the reason stays in the row's error for the log). Inputs are the chosen trials'
 * analysis results; a job replaced by a newer request of the same report changes nothing.
 */
export const reportJobs: JobKindHandler = {
  async buildSpec(deps, job) {
    const row = await currentReport(deps, job);
    if (!row) throw new JobInputError('This report was asked for again; a newer job makes it.');
    const payload = await reportPayload(deps, row);
    return {
      ...specCommon(job, jobSettings().leaseSeconds),
      kind: 'report',
      trial_id: null,
      payload,
      inputs: payload.trials.map((t) => ({
        id: t.input_id,
        role: 'analysis_result',
        name: `${t.trial_id}.json`,
      })),
    };
  },

  async resolveInput(deps, job, inputId) {
    const row = await currentReport(deps, job);
    if (!row || !inputId.startsWith('result:')) return null;
    const result = await deps.db
      .selectFrom('results')
      .selectAll()
      .where('id', '=', inputId.slice('result:'.length))
      .executeTakeFirst();
    if (
      !result?.storage_key ||
      result.tag !== analysisResultTag(row.function_id ?? '') ||
      !trialIdsOf(row).includes(result.trial_id)
    )
      return null;
    return { storageKey: result.storage_key, fileName: `${result.trial_id}.json` };
  },

  async storeOutput(deps, job, output) {
    const row = await currentReport(deps, job);
    if (!row) throw conflict('This report was asked for again; a newer job makes it.');
    if (output.tag !== REPORT_RESULT_TAG || !output.body) throw badRequest('A report job stores one PDF.');
    const key = reportStorageKey(row);
    await deps.storage.put(key, output.body, 'application/pdf');
    await new ComparisonReportRepository(deps.db).updateForJob(row.id, row.job_id ?? '', {
      storage_key: key,
      updated_at: deps.clock.now().toISOString(),
    });
    return { id: row.id };
  },

  async onCompleted(deps, job) {
    const row = await currentReport(deps, job);
    if (!row) return;
    await new ComparisonReportRepository(deps.db).updateForJob(row.id, row.job_id ?? '', {
      state: row.storage_key ? 'successfull' : 'failed',
      error: row.storage_key ? null : 'The report job finished without a PDF.',
      updated_at: deps.clock.now().toISOString(),
    });
  },

  async onFailed(deps, job, userMessage) {
    const row = await currentReport(deps, job);
    if (!row) return;
    await new ComparisonReportRepository(deps.db).updateForJob(row.id, row.job_id ?? '', {
      state: 'failed',
      error: userMessage,
      updated_at: deps.clock.now().toISOString(),
    });
  },
};
