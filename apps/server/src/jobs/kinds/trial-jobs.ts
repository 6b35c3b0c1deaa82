import { randomUUID } from 'node:crypto';
import { badRequest, notFound } from '../../http/http-error';
import { ResultRepository } from '../../repositories/result.repository';
import { TrialRepository } from '../../repositories/trial.repository';
import { buildJobSpec } from '../../services/job-spec';
import { mediaKeys } from '../../storage/media-keys';
import { markTrialError, parseTrialMeta } from '../trial-state';
import type { JobKindHandler } from './job-kind';

const SAFE_TAG = /^[A-Za-z0-9_-]{1,60}$/;
export const SAFE_RESULT_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/**
 * Processing of a recorded trial (kinds calibration, neutral, dynamic): the trial shows the job's progress,
 * owns its results, and becomes done or error with the job. Inputs are the trial's videos ('video:<id>') and
 * results of the same session ('result:<id>', the neutral's scaled model).
 */
export const trialJobs: JobKindHandler = {
  buildSpec: (deps, job) => buildJobSpec(deps, job),

  async onClaimed(deps, job) {
    const trials = new TrialRepository(deps.db);
    const trial = job.trial_id ? await trials.findById(job.trial_id) : undefined;
    if (!trial) return;
    // An earlier run's results (reprocess, retry) go before the new attempt writes its own.
    await deps.storage.deletePrefix(`${mediaKeys.trial(trial.session_id, trial.id)}/results/`);
    await new ResultRepository(deps.db).deleteOfTrial(trial.id);
    // A retry keeps the percent reached so far: progress shown to users only moves forward.
    await trials.update(trial.id, {
      status: 'processing',
      ...(job.attempts > 1 && trial.status === 'processing' ? {} : { progress_percent: 0 }),
      progress_message: 'Processing started',
      updated_at: deps.clock.now().toISOString(),
    });
  },

  async onProgress(deps, job, progress) {
    if (!job.trial_id || (progress.percent == null && progress.message == null)) return;
    await new TrialRepository(deps.db).raiseProgress(
      job.trial_id,
      progress.percent == null ? null : Math.round(progress.percent),
      progress.message ?? null,
      deps.clock.now().toISOString(),
    );
  },

  async resolveInput(deps, job, inputId) {
    if (!job.trial_id) return null;
    const trials = new TrialRepository(deps.db);
    const [type, id] = [inputId.slice(0, inputId.indexOf(':')), inputId.slice(inputId.indexOf(':') + 1)];
    if (type === 'video') {
      const [video] = (await trials.videosOf([job.trial_id])).filter((v) => v.id === id);
      return video
        ? { storageKey: video.storage_key, fileName: video.storage_key.split('/').pop() ?? 'video.mp4' }
        : null;
    }
    if (type === 'result') {
      const result = await new ResultRepository(deps.db).findById(id);
      const trial = await trials.findById(job.trial_id);
      const owner = result ? await trials.findById(result.trial_id) : undefined;
      if (!result?.storage_key || !trial || !owner || owner.session_id !== trial.session_id) return null;
      return { storageKey: result.storage_key, fileName: result.storage_key.split('/').pop() ?? 'result' };
    }
    return null;
  },

  async storeOutput(deps, job, output) {
    const trial = job.trial_id ? await new TrialRepository(deps.db).findById(job.trial_id) : undefined;
    if (!trial) throw notFound('The trial no longer exists.');
    if (!SAFE_TAG.test(output.tag)) throw badRequest('Invalid result tag.');
    let storageKey: string | null = null;
    if (output.body) {
      if (!output.fileName || !SAFE_RESULT_FILE.test(output.fileName))
        throw badRequest('Invalid result file name.');
      storageKey = mediaKeys.result(trial.session_id, trial.id, output.fileName);
      await deps.storage.put(storageKey, output.body);
    }
    const id = randomUUID();
    await new ResultRepository(deps.db).insert({
      id,
      trial_id: trial.id,
      tag: output.tag,
      device_id: output.deviceId,
      storage_key: storageKey,
      meta: JSON.stringify(output.meta),
      created_at: deps.clock.now().toISOString(),
    });
    return { id };
  },

  async onCompleted(deps, job, body) {
    const trials = new TrialRepository(deps.db);
    const trial = job.trial_id ? await trials.findById(job.trial_id) : undefined;
    if (!trial) return;
    const meta = { ...parseTrialMeta(trial.meta), ...(body.trial_meta ?? {}) };
    delete meta.error_msg;
    await trials.update(trial.id, {
      status: 'done',
      progress_percent: 100,
      progress_message: body.message ?? 'Done',
      meta: JSON.stringify(meta),
      updated_at: deps.clock.now().toISOString(),
    });
  },

  async onFailed(deps, job, userMessage) {
    if (job.trial_id) await markTrialError(deps, job.trial_id, userMessage);
  },

  async onRequeued(deps, job, note) {
    if (!job.trial_id) return;
    // The trial waits as 'stopped' (SPEC: queued) with a note on why and which attempt comes next.
    await new TrialRepository(deps.db).update(job.trial_id, {
      status: 'stopped',
      progress_percent: null,
      progress_message: note,
      updated_at: deps.clock.now().toISOString(),
    });
  },
};
