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
