import { RESERVED_TRIAL_NAMES } from '@poselab/contract';
import type { Db } from '../db/database';
import type { SessionRow } from './session.repository';
import type { SubjectRow } from './subject.repository';
import type { ResultRow, TrialRow } from './trial.repository';

export interface AnalysedTrialFilter {
  /** The owner of the sessions (the dashboard's user). */
  ownerId: string;
  /** The result tag of the dashboard's function. */
  tag: string;
  subjectId?: string;
  sessionId?: string;
  /** Only public sessions (visitors without a share token). */
  publicOnly?: boolean;
}

/**
 * What an analysis dashboard shows: processed movement trials (done, not trashed, not neutral or calibration)
 * of live sessions (not trashed, not removed) that have a result of the dashboard's function.
 */
export class AnalysisDashboardDataRepository {
  constructor(private readonly db: Db) {}

  /** The function's results on matching trials, oldest first (the newest result of a trial wins later). */
  analysedResults(f: AnalysedTrialFilter): Promise<ResultRow[]> {
    let q = this.db
      .selectFrom('results as r')
      .innerJoin('trials as t', 't.id', 'r.trial_id')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .selectAll('r')
      .where('r.tag', '=', f.tag)
      .where('s.user_id', '=', f.ownerId)
      .where('s.trashed', '=', 0)
      .where('s.removed_at', 'is', null)
      .where('t.trashed', '=', 0)
      .where('t.status', '=', 'done')
      .where('t.name', 'not in', [...RESERVED_TRIAL_NAMES]);
    if (f.subjectId) q = q.where('s.subject_id', '=', f.subjectId);
    if (f.sessionId) q = q.where('s.id', '=', f.sessionId);
    if (f.publicOnly) q = q.where('s.public', '=', 1);
    return q.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc').execute();
  }

  trials(ids: string[]): Promise<TrialRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('trials')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  sessions(ids: string[]): Promise<SessionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  subjects(ids: string[]): Promise<SubjectRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('subjects')
      .selectAll()
      .where('id', 'in', ids)
      .where('trashed', '=', 0)
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }
}
