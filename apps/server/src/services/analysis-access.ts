import type { AppDeps } from '../deps';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';

/** Who asks to read analyses: a signed-in user or a visitor, optionally with a share token (issue #17). */
export interface AnalysisViewer {
  userId: string | null;
  shareToken?: string | null;
}

export interface ReadableTrial {
  trial: TrialRow;
  session: SessionRow;
  isOwner: boolean;
}

/**
 * Whether a viewer may read a trial's analyses: analysis results follow the trial's access rules. The owner
 * reads every trial of their sessions; others read non-trashed trials of a public session that is not in the
 * recycle bin. This is the one place that decides it: share tokens (issue #17) extend it here.
 */
export async function analysisReadAccess(
  deps: AppDeps,
  trialId: string,
  viewer: AnalysisViewer,
): Promise<ReadableTrial | null> {
  const trial = await new TrialRepository(deps.db).findById(trialId);
  if (!trial) return null;
  const session = await new SessionRepository(deps.db).findById(trial.session_id);
  return session ? readableIn(session, trial, viewer) : null;
}

/** The trials of a session the viewer may read (null when the session is not readable at all). */
export async function readableTrialsOfSession(
  deps: AppDeps,
  sessionId: string,
  viewer: AnalysisViewer,
): Promise<ReadableTrial[] | null> {
  const session = await new SessionRepository(deps.db).findById(sessionId);
  if (!session || session.removed_at) return null;
  const isOwner = viewer.userId !== null && session.user_id === viewer.userId;
  if (!isOwner && !(session.public === 1 && session.trashed === 0)) return null;
  const trials = await new TrialRepository(deps.db).listBySession(sessionId, { includeTrashed: isOwner });
  return trials.map((trial) => ({ trial, session, isOwner }));
}

function readableIn(session: SessionRow, trial: TrialRow, viewer: AnalysisViewer): ReadableTrial | null {
  if (session.removed_at) return null;
  const isOwner = viewer.userId !== null && session.user_id === viewer.userId;
  if (isOwner) return { trial, session, isOwner };
  if (session.public === 1 && session.trashed === 0 && trial.trashed === 0)
    return { trial, session, isOwner };
  return null;
}
