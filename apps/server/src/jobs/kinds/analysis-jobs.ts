import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ANALYSIS_FAILURE_TAG,
  analysisJobPayload,
  analysisMessage,
  analysisResult,
  analysisResultTag,
  type AnalysisMessage,
} from '@poselab/contract';
import { analysisFunctionSpec, analysisFunctionTexts, analysisText } from '@poselab/analysis/browser';
import { GENERIC_FAILURE } from '@poselab/worker';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/http-error';
import { AnalysisDashboardRepository } from '../../repositories/analysis-dashboard.repository';
import { AnalysisTaskRepository, type AnalysisTaskRow } from '../../repositories/analysis-task.repository';
import type { JobRow } from '../../repositories/job.repository';
import { ResultRepository } from '../../repositories/result.repository';
import { SessionRepository } from '../../repositories/session.repository';
import { TrialRepository } from '../../repositories/trial.repository';
import { mediaKeys } from '../../storage/media-keys';
import { jobSettings } from '../job-settings';
import { JobInputError, WORKER_LOST_MESSAGE, jobPayload, specCommon, type JobKindHandler } from './job-kind';

/** The most a stored analysis result may weigh (its curves are short; a full trial's series stay far below). */
const MAX_RESULT_BYTES = 50 * 1024 * 1024;

const coded = (code: string, params: Record<string, string | number> = {}): AnalysisMessage => ({
  code,
  params,
  message: analysisText('en', `errors.${code}`, params),
});

async function taskOf(deps: AppDeps, job: JobRow): Promise<AnalysisTaskRow | undefined> {
  const payload = analysisJobPayload.safeParse(jobPayload(job));
  return payload.success ? new AnalysisTaskRepository(deps.db).findById(payload.data.task_id) : undefined;
}

/** The job's task while this job still runs it (a re-run replaces the task; the old job then changes nothing). */
async function liveTask(deps: AppDeps, job: JobRow): Promise<AnalysisTaskRow | undefined> {
  const task = await taskOf(deps, job);
  return task && task.job_id === job.id && task.state === 'pending' ? task : undefined;
}

async function readAll(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_RESULT_BYTES) throw badRequest('The analysis result is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Analysis of a processed trial (kind 'analysis'): inputs are the trial's IK motion and the scaled model (the
 * trial's own, else the session neutral's); the result JSON becomes the trial result tagged
 * `analysis_function_result:<function>`, replacing the previous one, while the trial's status and other
 * results stay untouched. The task (analysis_tasks) goes pending → successfull (with the user's dashboard)
 * or failed (with a coded message the user can act on).
 */
export const analysisJobs: JobKindHandler = {
  async buildSpec(deps, job) {
    const payload = analysisJobPayload.parse(jobPayload(job));
    const task = await liveTask(deps, job);
    if (!task) throw new JobInputError('This analysis was replaced by a newer run.');
    const tasks = new AnalysisTaskRepository(deps.db);
    const fail = async (message: AnalysisMessage) => {
      await tasks.update(task.id, { message: JSON.stringify(message) });
      return new JobInputError(message.message);
    };
    const trial = job.trial_id ? await new TrialRepository(deps.db).findById(job.trial_id) : undefined;
    const session = trial ? await new SessionRepository(deps.db).findById(trial.session_id) : undefined;
    const ik = trial ? await tasks.latestFileResult(trial.id, 'ik_results') : undefined;
    if (!trial || !session || !ik) throw await fail(coded('no_kinematics'));
    const results = new ResultRepository(deps.db);
    let model = await tasks.latestFileResult(trial.id, 'opensim_model');
    if (!model) {
      const neutral = await results.latestTrialNamed(session.id, 'neutral', 'done');
      model = neutral ? await tasks.latestFileResult(neutral.id, 'opensim_model') : undefined;
    }
    const subject = session.subject_id ? await results.subjectById(session.subject_id) : undefined;
    return {
      ...specCommon(job, jobSettings().leaseSeconds),
      kind: 'analysis',
      trial_id: trial.id,
      payload: {
        ...payload,
        subject: {
          height_m: subject?.height ?? null,
          weight_kg: subject?.weight ?? null,
          sex: subject?.sex_at_birth ?? null,
        },
      },
      inputs: [
        { id: `result:${ik.id}`, role: 'ik_results', name: `${trial.name}.mot` },
        ...(model ? [{ id: `result:${model.id}`, role: 'opensim_model', name: 'model.osim' }] : []),
      ],
    };
  },

  async resolveInput(deps, job, inputId) {
    if (!job.trial_id || !inputId.startsWith('result:')) return null;
    const trials = new TrialRepository(deps.db);
    const result = await new ResultRepository(deps.db).findById(inputId.slice('result:'.length));
    const trial = await trials.findById(job.trial_id);
    const owner = result ? await trials.findById(result.trial_id) : undefined;
    if (!result?.storage_key || !trial || !owner || owner.session_id !== trial.session_id) return null;
    if (result.tag !== 'ik_results' && result.tag !== 'opensim_model') return null;
    return { storageKey: result.storage_key, fileName: result.storage_key.split('/').pop() ?? 'result' };
  },

  async storeOutput(deps, job, output) {
    const task = await liveTask(deps, job);
    if (!task) throw conflict('This analysis was replaced by a newer run.');
    const tasks = new AnalysisTaskRepository(deps.db);
    if (output.tag === ANALYSIS_FAILURE_TAG) {
      const message = analysisMessage.safeParse(output.meta);
      if (!message.success) throw badRequest('Invalid analysis failure record.');
      await tasks.update(task.id, { message: JSON.stringify(message.data) });
      return { id: task.id };
    }
    const tag = analysisResultTag(task.function_id);
    if (output.tag !== tag || !output.body) throw badRequest(`An analysis stores one '${tag}' file.`);
    let parsed;
    try {
      parsed = analysisResult.safeParse(JSON.parse((await readAll(output.body)).toString('utf8')));
    } catch {
      throw badRequest('The analysis result is not JSON.');
    }
    if (!parsed.success || parsed.data.function_id !== task.function_id)
      throw badRequest('The analysis result does not match the contract.');
    const trial = await new TrialRepository(deps.db).findById(task.trial_id);
    if (!trial) throw notFound('The trial no longer exists.');
    const key = mediaKeys.result(trial.session_id, trial.id, `analysis_${task.function_id}.json`);
    await deps.storage.put(key, Buffer.from(JSON.stringify(parsed.data)), 'application/json');
    // One result per function: earlier rows go (their file is the one just overwritten, or another key).
    const old = await tasks.resultsTagged(trial.id, tag);
    for (const r of old) if (r.storage_key && r.storage_key !== key) await deps.storage.delete(r.storage_key);
    await tasks.deleteResults(old.map((r) => r.id));
    const id = randomUUID();
    await new ResultRepository(deps.db).insert({
      id,
      trial_id: trial.id,
      tag,
      device_id: null,
      storage_key: key,
      meta: JSON.stringify({ function_id: task.function_id, task_id: task.id, indices: parsed.data.indices }),
      created_at: deps.clock.now().toISOString(),
    });
    await tasks.update(task.id, { result_id: id, updated_at: deps.clock.now().toISOString() });
    return { id };
  },

  async onCompleted(deps, job) {
    const task = await liveTask(deps, job);
    if (!task) return;
    const tasks = new AnalysisTaskRepository(deps.db);
    const now = deps.clock.now().toISOString();
    const result = task.result_id ? await new ResultRepository(deps.db).findById(task.result_id) : undefined;
    const spec = analysisFunctionSpec(task.function_id);
    if (!result || !spec) {
      await tasks.update(task.id, {
        state: 'failed',
        message: JSON.stringify(coded('analysis_failed')),
        updated_at: now,
      });
      return;
    }
    const dashboard = await new AnalysisDashboardRepository(deps.db).ensure(
      task.user_id,
      task.function_id,
      { title: analysisFunctionTexts(task.function_id, 'en').title, layout: JSON.stringify(spec.layout) },
      now,
    );
    await tasks.update(task.id, {
      state: 'successfull',
      dashboard_id: dashboard.id,
      message: null,
      updated_at: now,
    });
  },

  async onFailed(deps, job, userMessage) {
    const task = await taskOf(deps, job);
    if (!task || task.job_id !== job.id || task.state !== 'pending') return;
    // A coded message stored during this run (the worker's failure record, or an input problem at claim)
    // wins; failures that are not the data's fault get the analysis' own words.
    const stored = task.message ? analysisMessage.safeParse(JSON.parse(task.message)) : null;
    const message = stored?.success
      ? stored.data
      : userMessage === GENERIC_FAILURE || userMessage === WORKER_LOST_MESSAGE
        ? coded('analysis_failed')
        : { code: 'analysis_error', params: {}, message: userMessage };
    await new AnalysisTaskRepository(deps.db).update(task.id, {
      state: 'failed',
      message: JSON.stringify(message),
      updated_at: deps.clock.now().toISOString(),
    });
  },
};
