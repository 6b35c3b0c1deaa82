import type { AppDeps } from '../deps';
import { conflict, notFound } from '../http/http-error';
import { JobRepository } from '../repositories/job.repository';
import { ResultRepository } from '../repositories/result.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { enqueueProcessing } from '../jobs/queue';

export type ProcessingStatus = 'processing' | 'done' | 'error';

/** SPEC §7 calibration_img / neutral_img: done and error as they are; anything before them is 'processing'. */
export function processingStatusOf(trialStatus: string): ProcessingStatus {
  if (trialStatus === 'done') return 'done';
  if (trialStatus === 'error') return 'error';
  return 'processing';
}

export class ProcessingService {
  private readonly sessions: SessionRepository;
  private readonly trials: TrialRepository;
  private readonly results: ResultRepository;

  constructor(private readonly deps: AppDeps) {
    this.sessions = new SessionRepository(deps.db);
    this.trials = new TrialRepository(deps.db);
    this.results = new ResultRepository(deps.db);
  }

  private async ownedSession(sessionId: string, userId: string) {
    const session = await this.sessions.findOwned(sessionId, userId);
    if (!session) throw notFound('Session not found.');
    return session;
  }

  /** Status of the newest calibration or neutral trial of the session. */
  async specialTrialStatus(sessionId: string, userId: string, name: 'calibration' | 'neutral') {
    await this.ownedSession(sessionId, userId);
    const trial = await this.results.latestTrialNamed(sessionId, name);
    if (!trial) throw notFound(`This session has no ${name} trial.`);
    return { status: processingStatusOf(trial.status) };
  }

  /** Re-runs a finished trial with the session's current settings. */
  async reprocess(trialId: string, userId: string) {
    const trial = await this.trials.findById(trialId);
    if (!trial) throw notFound('Trial not found.');
    await this.ownedSession(trial.session_id, userId);
    if (trial.trashed) throw conflict('Restore the trial before processing it again.');
    if (!['done', 'error'].includes(trial.status))
      throw conflict('Only trials that finished processing (done or error) can be processed again.');
    const videos = await this.trials.videosOf([trial.id]);
    if (videos.length === 0) throw conflict('This trial has no videos to process.');
    await this.trials.update(trial.id, {
      status: 'reprocess',
      updated_at: this.deps.clock.now().toISOString(),
    });
    await enqueueProcessing(this.deps, trial.id);
    return { id: trial.id, status: 'reprocess' };
  }

  /** The newest job of a trial (for logs and tests). */
  latestJob(trialId: string) {
    return new JobRepository(this.deps.db, this.deps.dialect).latestOfTrial(trialId);
  }
}
