import { ARCHIVE_VIDEO_COPIES, type ArchiveVideoCopy } from '@poselab/contract';
import { dataSharingChangedAt, sharesNoData } from './data-sharing';
import type { AppDeps } from '../deps';
import type { ArchiveRow } from '../repositories/archive.repository';
import { notFound } from '../http/http-error';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { SubjectRepository } from '../repositories/subject.repository';
import type { ArchiveAudience } from './archive-content';

/** What an archive covers: one session, or the sessions of one subject. */
export interface ArchiveScope {
  kind: 'session' | 'subject';
  id: string;
}

/**
 * Who may have a session's archive, and as whom: its owner (everything), a visitor of a public session that is
 * not in the recycle bin (processed data; videos as the subject's sharing choice allows). Anyone else: 404.
 */
export async function sessionAudience(
  deps: AppDeps,
  sessionId: string,
  viewerId: string | null,
): Promise<{ session: SessionRow; audience: ArchiveAudience }> {
  const session = await new SessionRepository(deps.db).findById(sessionId);
  if (!session || session.removed_at) throw notFound();
  if (viewerId && session.user_id === viewerId) return { session, audience: { kind: 'owner', viewerId } };
  if (session.public === 1 && session.trashed === 0 && !sharesNoData(session))
    return { session, audience: { kind: 'public', viewerId: null } };
  throw notFound();
}

/** The owner's subject (not in the recycle bin) and its sessions; 404 for anyone else. */
export async function subjectSessions(
  deps: AppDeps,
  subjectId: string,
  userId: string,
): Promise<SessionRow[]> {
  const subject = await new SubjectRepository(deps.db).findOwned(subjectId, userId);
  if (!subject || subject.trashed === 1) throw notFound();
  const sessions = await new SessionRepository(deps.db).listOfSubject(userId, subjectId);
  return [...sessions].reverse(); // oldest first
}

export function scopeOf(archive: ArchiveRow): ArchiveScope {
  return { kind: archive.scope === 'subject' ? 'subject' : 'session', id: archive.scope_id };
}

export function audienceOf(archive: ArchiveRow): ArchiveAudience {
  return archive.audience === 'owner'
    ? { kind: 'owner', viewerId: archive.user_id }
    : { kind: 'public', viewerId: null };
}

/** The copy of the videos an archive was asked for (archives made before the column: as with_videos said). */
export function videosOf(archive: ArchiveRow): ArchiveVideoCopy {
  const asked = (ARCHIVE_VIDEO_COPIES as readonly string[]).includes(archive.videos ?? '')
    ? (archive.videos as ArchiveVideoCopy)
    : null;
  return asked ?? (archive.with_videos === 1 ? 'original' : 'none');
}

/**
 * Whether a viewer may still have a made archive: an owner's archive only its owner, while they still own
 * its session or subject; a public archive anyone, while the session is public and out of the recycle bin
 * and the subject's data sharing choice is the one it was made under.
 */
export async function mayHaveArchive(
  deps: AppDeps,
  archive: ArchiveRow,
  viewerId: string | null,
): Promise<boolean> {
  const scope = scopeOf(archive);
  try {
    if (archive.audience === 'owner') {
      if (!viewerId || archive.user_id !== viewerId) return false;
      if (scope.kind === 'subject') await subjectSessions(deps, scope.id, viewerId);
      else if ((await sessionAudience(deps, scope.id, viewerId)).audience.kind !== 'owner') return false;
      return true;
    }
    const { session, audience } = await sessionAudience(deps, scope.id, null);
    if (audience.kind !== 'public') return false;
    // Made under an earlier data sharing choice: its content may be what the subject no longer allows.
    const changedAt = dataSharingChangedAt(session);
    return !changedAt || archive.created_at >= changedAt;
  } catch {
    return false;
  }
}
