import type { AppDeps } from '../deps';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import type { SubjectRow } from '../repositories/subject.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { grantOpens, isSharedSession, shareGrantOf, subjectOfGrant, type ShareGrant } from './share-access';

/**
 * Who asks to read analyses: a signed-in user or a visitor, optionally with a subject share token (SPEC §6).
 * `share` is undefined when no token came with the call, null when one came without its subject id.
 */
export interface AnalysisViewer {
  userId: string | null;
  share?: ShareGrant | null;
}

/** The viewer of a call from its user and query: a share_token in the query makes it a share viewer. */
export function analysisViewerOf(
  userId: string | null,
  query: { subject_id?: unknown; share_token?: unknown },
): AnalysisViewer {
  return query.share_token === undefined ? { userId } : { userId, share: shareGrantOf(query) };
}

export interface ReadableTrial {
  trial: TrialRow;
  session: SessionRow;
  isOwner: boolean;
}

/** The subject a share viewer's grant opens; undefined for a wrong or renewed token (and for other viewers). */
async function grantSubject(deps: AppDeps, viewer: AnalysisViewer): Promise<SubjectRow | undefined> {
  return viewer.share ? subjectOfGrant(deps, viewer.share) : undefined;
}

/**
 * Whether a viewer may read a trial's analyses: analysis results follow the trial's access rules. This is the
 * one place that decides it for the analysis API. With a share token the token alone decides (even for the
 * owner, so a shared link behaves the same for everyone, as on the dashboards): its subject's processed
 * movement trials (share-access grantOpens), nothing else. Otherwise the owner reads every trial of their
 * sessions and others read non-trashed trials of a public session that is not in the recycle bin.
 */
export async function analysisReadAccess(
  deps: AppDeps,
  trialId: string,
  viewer: AnalysisViewer,
): Promise<ReadableTrial | null> {
  const trial = await new TrialRepository(deps.db).findById(trialId);
  if (!trial) return null;
  const session = await new SessionRepository(deps.db).findById(trial.session_id);
  if (!session || session.removed_at) return null;
  const isOwner = viewer.userId !== null && session.user_id === viewer.userId;
  if (viewer.share !== undefined) {
    const subject = await grantSubject(deps, viewer);
    return subject && grantOpens(subject, session, trial) ? { trial, session, isOwner } : null;
  }
  if (isOwner) return { trial, session, isOwner };
  if (session.public === 1 && session.trashed === 0 && trial.trashed === 0)
    return { trial, session, isOwner };
  return null;
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
  const trials = new TrialRepository(deps.db);
  if (viewer.share !== undefined) {
    const subject = await grantSubject(deps, viewer);
    // A session the grant does not reach reads as missing, not as an empty one.
    if (!subject || !isSharedSession(session, subject)) return null;
    const open = (await trials.listBySession(sessionId)).filter((t) => grantOpens(subject, session, t));
    return open.map((trial) => ({ trial, session, isOwner }));
  }
  if (!isOwner && !(session.public === 1 && session.trashed === 0)) return null;
  const list = await trials.listBySession(sessionId, { includeTrashed: isOwner });
  return list.map((trial) => ({ trial, session, isOwner }));
}

/** Every trial a share viewer's grant opens (all sessions of its subject); null for a grant that opens nothing. */
export async function readableTrialsOfGrant(
  deps: AppDeps,
  viewer: AnalysisViewer,
): Promise<ReadableTrial[] | null> {
  const subject = await grantSubject(deps, viewer);
  if (!subject) return null;
  const sessions = await new SessionRepository(deps.db).listOfSubject(subject.user_id, subject.id);
  const trials = new TrialRepository(deps.db);
  const out: ReadableTrial[] = [];
  for (const session of sessions) {
    for (const trial of await trials.listBySession(session.id)) {
      if (grantOpens(subject, session, trial))
        out.push({ trial, session, isOwner: session.user_id === viewer.userId });
    }
  }
  return out;
}
