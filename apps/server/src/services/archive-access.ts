import { dataSharingChangedAt } from './data-sharing';
import type { AppDeps } from '../deps';
import type { ArchiveRow } from '../repositories/archive.repository';
import type { ArchiveScope } from './archive-build';
import { sessionAudience, subjectSessions } from './archive-build';
import type { ArchiveAudience } from './archive-content';

export function scopeOf(archive: ArchiveRow): ArchiveScope {
  return { kind: archive.scope === 'subject' ? 'subject' : 'session', id: archive.scope_id };
}

export function audienceOf(archive: ArchiveRow): ArchiveAudience {
  return archive.audience === 'owner'
    ? { kind: 'owner', viewerId: archive.user_id }
    : { kind: 'public', viewerId: null };
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
