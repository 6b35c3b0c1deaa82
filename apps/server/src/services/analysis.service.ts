import { randomUUID } from 'node:crypto';
import {
  analysisMessage,
  analysisResultTag,
  RESERVED_TRIAL_NAMES,
  type AnalysisFunctionItem,
  type AnalysisMenuEntry,
  type AnalysisResultStatus,
  type AnalysisTrialState,
  type AnalysisJobPayload,
} from '@poselab/contract';
import {
  analysisFunctionSpec,
  analysisFunctionTexts,
  analysisText,
  ANALYSIS_FUNCTION_SPECS,
} from '@poselab/analysis/browser';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/http-error';
import { enqueueJob } from '../jobs/queue';
import {
  AnalysisTaskRepository,
  type AnalysisTaskRow,
  type AnalysisTaskView,
} from '../repositories/analysis-task.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import {
  analysisReadAccess,
  readableTrialsOfSession,
  type AnalysisViewer,
  type ReadableTrial,
} from './analysis-access';

export interface StateFilter {
  session_id?: string;
  trial_id?: string;
}

const MENU: AnalysisMenuEntry['id'][] = ['dashboard', 'result_json', 'metrics_csv'];

function parseMessage(text: string | null) {
  if (!text) return null;
  try {
    const parsed = analysisMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** SPEC's per-trial state of a task (null for a successfull task whose result was removed: Not run again). */
export function analysisStateDto(task: AnalysisTaskView): AnalysisTrialState | null {
  const state = task.state as AnalysisTrialState['state'];
  if (state === 'successfull' && !task.result_exists) return null;
  const tag = analysisResultTag(task.function_id);
  const menu =
    state === 'successfull'
      ? MENU.filter((id) => id !== 'dashboard' || task.dashboard_id).map((id) => ({
          id,
          label: analysisText('en', `menu.${id}`),
          result_tag: tag,
        }))
      : [];
  return {
    task_id: task.id,
    trial_id: task.trial_id,
    function_id: task.function_id,
    state,
    message: state === 'failed' ? parseMessage(task.message) : null,
    menu,
    dashboard_id: state === 'successfull' ? task.dashboard_id : null,
    result_id: state === 'successfull' ? task.result_id : null,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}

/**
 * SPEC §7 analysis calls: the functions with per-trial states, states, pending tasks, the task of a trial,
 * invoking a function on trials (as 'analysis' jobs) and a task's outcome. Reading follows the trial's access
 * rules (analysis-access.ts); running needs the session's owner.
 */
export class AnalysisService {
  private readonly tasks: AnalysisTaskRepository;
  constructor(private readonly deps: AppDeps) {
    this.tasks = new AnalysisTaskRepository(deps.db);
  }

  /** Trials whose states the caller sees: one trial, one session's, or (signed in, no filter) their own. */
  private async statesFor(viewer: AnalysisViewer, filter: StateFilter): Promise<AnalysisTrialState[]> {
    let tasks: AnalysisTaskView[];
    if (filter.trial_id) {
      const readable = await analysisReadAccess(this.deps, filter.trial_id, viewer);
      if (!readable) throw notFound();
      tasks = await this.tasks.ofTrials([readable.trial.id]);
    } else if (filter.session_id) {
      const trials = await readableTrialsOfSession(this.deps, filter.session_id, viewer);
      if (!trials) throw notFound();
      tasks = await this.tasks.ofTrials(trials.map((t) => t.trial.id));
    } else if (viewer.userId) {
      tasks = await this.tasks.ofUser(viewer.userId);
    } else {
      tasks = [];
    }
    return tasks.map(analysisStateDto).filter((s): s is AnalysisTrialState => s !== null);
  }

  async listFunctions(viewer: AnalysisViewer, filter: StateFilter): Promise<AnalysisFunctionItem[]> {
    const states = await this.statesFor(viewer, filter);
    return ANALYSIS_FUNCTION_SPECS.map((spec) => {
      const own = states.filter((s) => s.function_id === spec.id);
      return {
        id: spec.id,
        ...analysisFunctionTexts(spec.id, 'en'),
        trials: own.filter((s) => s.state === 'pending').map((s) => s.trial_id),
        states: Object.fromEntries(own.map((s) => [s.trial_id, s])),
      };
    });
  }

  states(viewer: AnalysisViewer, filter: StateFilter): Promise<AnalysisTrialState[]> {
    return this.statesFor(viewer, filter);
  }

  async pending(userId: string): Promise<AnalysisTrialState[]> {
    const tasks = await this.tasks.ofUser(userId, 'pending');
    return tasks.map(analysisStateDto).filter((s): s is AnalysisTrialState => s !== null);
  }

  async taskForTrial(viewer: AnalysisViewer, functionId: string, trialId: string) {
    if (!analysisFunctionSpec(functionId)) throw notFound('No such analysis function.');
    if (!(await analysisReadAccess(this.deps, trialId, viewer))) throw notFound();
    const task = await this.tasks.findOf(trialId, functionId);
    const view = task ? await this.tasks.view(task.id) : undefined;
    const dto = view ? analysisStateDto(view) : null;
    if (!dto) throw notFound('This analysis has not been run on this trial.');
    return { task_id: dto.task_id, state: dto.state };
  }

  /** A task's outcome: `pending` while calculating (the route answers 202), else its state, menu and dashboard. */
  async resultStatus(viewer: AnalysisViewer, taskId: string): Promise<AnalysisResultStatus> {
    const view = await this.tasks.view(taskId);
    if (!view || !(await analysisReadAccess(this.deps, view.trial_id, viewer))) throw notFound();
    const dto = analysisStateDto(view);
    if (!dto) throw notFound('This analysis result no longer exists: run the analysis again.');
    return {
      state: dto.state,
      menu: dto.menu,
      dashboard_id: dto.dashboard_id,
      message: dto.message,
      task_id: dto.task_id,
      trial_id: dto.trial_id,
      function_id: dto.function_id,
      result_id: dto.result_id,
    };
  }

  /**
   * Runs a function on named trials of the caller's session: each must be processed (done), not neutral or
   * calibration, and not in the recycle bin. A trial already calculating keeps its task; otherwise the
   * previous task and result are replaced and an 'analysis' job is queued.
   */
  async invoke(
    userId: string,
    functionId: string,
    body: { session_id: string; specific_trial_names: string[] },
  ): Promise<{ task_id: string; tasks: { trial_id: string; trial_name: string; task_id: string }[] }> {
    if (!analysisFunctionSpec(functionId)) throw notFound('No such analysis function.');
    const session = await new SessionRepository(this.deps.db).findOwned(body.session_id, userId);
    if (!session || session.removed_at) throw notFound();
    const trials = await new TrialRepository(this.deps.db).listBySession(session.id, {
      includeTrashed: true,
    });
    const chosen = [...new Set(body.specific_trial_names)].map((name) => {
      const trial = trials.find((t) => t.name === name);
      if (!trial) throw badRequest(`This session has no trial named '${name}'.`);
      if ((RESERVED_TRIAL_NAMES as readonly string[]).includes(trial.name))
        throw badRequest(`The ${trial.name} trial cannot be analysed.`);
      if (trial.trashed) throw badRequest(`Trial '${name}' is in the recycle bin.`);
      if (trial.status !== 'done') throw badRequest(`Trial '${name}' is not processed yet.`);
      return trial;
    });
    const tasks = [];
    for (const trial of chosen) {
      const task = await this.start(userId, functionId, { trial, session, isOwner: true });
      tasks.push({ trial_id: trial.id, trial_name: trial.name, task_id: task.id });
    }
    return { task_id: tasks[0].task_id, tasks };
  }

  private async start(
    userId: string,
    functionId: string,
    { trial }: ReadableTrial,
  ): Promise<AnalysisTaskRow> {
    const existing = await this.tasks.findOf(trial.id, functionId);
    if (existing?.state === 'pending') return existing;
    if (existing) await this.tasks.delete(existing.id);
    // A re-run starts over: the previous result goes with its task.
    const old = await this.tasks.resultsTagged(trial.id, analysisResultTag(functionId));
    for (const r of old) if (r.storage_key) await this.deps.storage.delete(r.storage_key);
    await this.tasks.deleteResults(old.map((r) => r.id));
    const now = this.deps.clock.now().toISOString();
    const task: AnalysisTaskRow = {
      id: randomUUID(),
      user_id: userId,
      trial_id: trial.id,
      function_id: functionId,
      job_id: null,
      state: 'pending',
      message: null,
      result_id: null,
      dashboard_id: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.tasks.insert(task);
    } catch (err) {
      // A parallel invoke won the (trial, function) slot: use its task.
      const winner = await this.tasks.findOf(trial.id, functionId);
      if (winner) return winner;
      throw err;
    }
    const payload: AnalysisJobPayload = { function_id: functionId, task_id: task.id };
    const job = await enqueueJob(this.deps, { kind: 'analysis', trialId: trial.id, userId, payload });
    await this.tasks.update(task.id, { job_id: job.id });
    return { ...task, job_id: job.id };
  }
}
