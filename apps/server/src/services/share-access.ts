import { createHash, timingSafeEqual } from 'node:crypto';
import { RESERVED_TRIAL_NAMES } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { SubjectRepository, type SubjectRow } from '../repositories/subject.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { choiceAllowsKey, sharesNoData } from './data-sharing';

/**
 * Subject share tokens (SPEC §6): a subject id with its current share token lets anyone read that subject's
 * processed trials, their results and the results' media — nothing else (no raw camera videos, no other
 * subject, no session settings beyond names). A wrong, renewed or trashed subject's token reads as a missing
 * subject: the same 404 everywhere.
 */
export interface ShareGrant {
  subjectId: string;
  shareToken: string;
}

/** The grant from query fields, when both are given (as single strings). */
export function shareGrantOf(q: { subject_id?: unknown; share_token?: unknown }): ShareGrant | null {
  const { subject_id: subjectId, share_token: shareToken } = q;
  return typeof subjectId === 'string' && typeof shareToken === 'string' && subjectId && shareToken
    ? { subjectId, shareToken }
    : null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The subject the grant opens, or undefined; the token is compared in constant time. */
export async function subjectOfGrant(deps: AppDeps, grant: ShareGrant): Promise<SubjectRow | undefined> {
  const subject = await new SubjectRepository(deps.db).findById(grant.subjectId);
  if (!subject || subject.trashed === 1 || !subject.share_token) return undefined;
  return timingSafeEqual(digest(subject.share_token), digest(grant.shareToken)) ? subject : undefined;
}

/** Like subjectOfGrant, answering 404 for a grant that opens nothing. */
export async function requireGrant(deps: AppDeps, grant: ShareGrant): Promise<SubjectRow> {
  const subject = await subjectOfGrant(deps, grant);
  if (!subject) throw notFound();
  return subject;
}

/** A processed movement trial: what a share token opens. */
export function isSharedTrial(t: TrialRow): boolean {
  return (
    t.status === 'done' && t.trashed === 0 && !(RESERVED_TRIAL_NAMES as readonly string[]).includes(t.name)
  );
}

/** A live session of the grant's subject, held by the subject's owner, whose subject did not choose 'no data'. */
export function isSharedSession(s: SessionRow, subject: SubjectRow): boolean {
  return (
    s.subject_id === subject.id &&
    s.user_id === subject.user_id &&
    s.trashed === 0 &&
    !s.removed_at &&
    !sharesNoData(s)
  );
}

/**
 * The one rule of what a grant's subject opens (SPEC §6): a processed movement trial of a live session of that
 * subject, held by the subject's owner. The dashboards, the analysis API and the media route all ask it.
 */
export function grantOpens(subject: SubjectRow, session: SessionRow, trial: TrialRow): boolean {
  return trial.session_id === session.id && isSharedSession(session, subject) && isSharedTrial(trial);
}

const RESULT_KEY = /^sessions\/([^/]+)\/trials\/([^/]+)\/results\/[^/]+$/;

/**
 * Whether the grant lets its holder fetch this media key: a result file of a shared trial. Checked at every
 * request, so a renewed token stops the old links at once.
 */
export async function grantAllowsMedia(deps: AppDeps, key: string, grant: ShareGrant): Promise<boolean> {
  const m = RESULT_KEY.exec(key);
  if (!m) return false;
  const subject = await subjectOfGrant(deps, grant);
  if (!subject) return false;
  const [session, trial] = await Promise.all([
    new SessionRepository(deps.db).findById(m[1]),
    new TrialRepository(deps.db).findById(m[2]),
  ]);
  if (!session || !trial || !grantOpens(subject, session, trial)) return false;
  return choiceAllowsKey(deps, session, key);
}
