import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ResultsTable, TrialsTable } from '../db/schema';

type TrialRow = Selectable<TrialsTable>;

/** Trial queries of the capture flow (latest trial, recording trials, the once-only uploads-complete mark). */
export class CaptureTrialRepository {
  constructor(private readonly db: Db) {}

  latest(sessionId: string): Promise<TrialRow | undefined> {
    return this.db
      .selectFrom('trials')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('trashed', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  withStatus(sessionId: string, statuses: string[]): Promise<TrialRow[]> {
    return this.db
      .selectFrom('trials')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('status', 'in', statuses)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** recording → stopped, once; true when this call made the change. */
  async markStopped(trialId: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('trials')
      .set({ status: 'stopped', stopped_at: at, updated_at: at })
      .where('id', '=', trialId)
      .where('status', '=', 'recording')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * A trial still waiting for its recording or uploads fails with `meta` (holding the error); false when it
   * has moved on meanwhile (all videos in, processing) and keeps its state.
   */
  async markFailed(trialId: string, meta: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('trials')
      .set({ status: 'error', meta, progress_percent: null, progress_message: null, updated_at: at })
      .where('id', '=', trialId)
      .where('status', 'in', ['recording', 'stopped'])
      .where('uploads_completed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Every trial recording now, in every session (the time-limit sweep). */
  recordingTrials(): Promise<TrialRow[]> {
    return this.db.selectFrom('trials').selectAll().where('status', '=', 'recording').execute();
  }

  /** Stopped trials still missing videos, stopped before `before`. */
  waitingForVideosSince(before: string): Promise<TrialRow[]> {
    return this.db
      .selectFrom('trials')
      .selectAll()
      .where('status', '=', 'stopped')
      .where('uploads_completed_at', 'is', null)
      .where('stopped_at', '<', before)
      .execute();
  }

  /** The last moment a phone sent anything for the trial (a chunk, a finished video), or null. */
  async lastUploadActivity(trialId: string): Promise<string | null> {
    const upload = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .where('trial_id', '=', trialId)
      .executeTakeFirst();
    const video = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('trial_id', '=', trialId)
      .executeTakeFirst();
    const times = [upload?.at, video?.at].filter((v): v is string => typeof v === 'string');
    return times.length ? times.sort().at(-1)! : null;
  }

  /** Sets uploads_completed_at once; true for the one caller that set it (which then enqueues processing). */
  async markUploadsComplete(trialId: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('trials')
      .set({ uploads_completed_at: at, updated_at: at })
      .where('id', '=', trialId)
      .where('status', '=', 'stopped')
      .where('uploads_completed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The latest done calibration trial of the given sessions, newest first. */
  latestDoneCalibration(sessionIds: string[]): Promise<TrialRow | undefined> {
    return this.db
      .selectFrom('trials')
      .selectAll()
      .where('session_id', 'in', sessionIds)
      .where('name', '=', 'calibration')
      .where('status', '=', 'done')
      .where('trashed', '=', 0)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  resultsWithTag(trialId: string, tag: string): Promise<Array<Selectable<ResultsTable>>> {
    return this.db
      .selectFrom('results')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('tag', '=', tag)
      .execute();
  }

  async subjectOwned(subjectId: string, userId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('subjects')
      .select('id')
      .where('id', '=', subjectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(r);
  }
}
