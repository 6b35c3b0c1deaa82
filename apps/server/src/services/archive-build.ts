import { sharesNoData } from './data-sharing';
import { createHash } from 'node:crypto';
import type { ArchivePayload, JobInput } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { SubjectRepository } from '../repositories/subject.repository';
import {
  safeSegment,
  sessionArchiveContent,
  type ArchiveAudience,
  type ArchiveInputFile,
} from './archive-content';

/** What an archive covers: one session, or the sessions of one subject. */
export interface ArchiveScope {
  kind: 'session' | 'subject';
  id: string;
}

export interface ArchiveContent {
  payload: Omit<ArchivePayload, 'archive_id' | 'created_at'>;
  inputs: JobInput[];
  files: Record<string, ArchiveInputFile>;
  /** Same hash, same archive: reused instead of made again. */
  hash: string;
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

export const archiveFileName = (scope: ArchiveScope) =>
  scope.kind === 'session'
    ? `OpenCapData_${safeSegment(scope.id)}.zip`
    : `subject_results_${safeSegment(scope.id)}.zip`;

/** Builds the archive's description as of now (at request, to find a reusable one, and again at claim). */
export async function buildArchiveContent(
  deps: AppDeps,
  scope: ArchiveScope,
  audience: ArchiveAudience,
  withVideos: boolean,
): Promise<ArchiveContent> {
  const sessions =
    scope.kind === 'session'
      ? [(await sessionAudience(deps, scope.id, audience.viewerId)).session]
      : await subjectSessions(deps, scope.id, audience.viewerId ?? '');
  const parts = [];
  for (const s of sessions) parts.push(await sessionArchiveContent(deps, s, { audience, withVideos }));
  const inputs = new Map<string, JobInput>();
  for (const p of parts) for (const i of p.inputs) inputs.set(i.id, i);
  const payload: ArchiveContent['payload'] = {
    root: scope.kind === 'subject' ? `OpenCapData_Subject_${safeSegment(scope.id)}` : null,
    file_name: archiveFileName(scope),
    with_videos: parts.length > 0 && parts.every((p) => p.withVideos),
    sessions: parts.map((p) => p.session),
  };
  const hash = createHash('sha256')
    .update(JSON.stringify([audience.kind, payload, [...inputs.keys()]]))
    .digest('hex');
  return {
    payload,
    inputs: [...inputs.values()],
    files: Object.assign({}, ...parts.map((p) => p.files)),
    hash,
  };
}
