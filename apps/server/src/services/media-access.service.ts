import type { AppDeps } from '../deps';
import { ArchiveRepository } from '../repositories/archive.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { sessionIdOfKey } from '../storage/media-keys';
import { mayHaveArchive } from './archive-access';
import { signMediaClaims } from '../storage/signed-url';
import { choiceAllowsKey } from './data-sharing';
import { grantAllowsMedia, type ShareGrant } from './share-access';

/**
 * Who may read which stored media, decided at every request from the state of the data now (a trashed
 * trial, a session made private or trashed, a removed account end access at once), and the URLs the API
 * hands out for it. This is the one place to ask: share tokens (issue #17) and archive downloads (#18) add
 * their kind of viewer or key here and get URLs from mediaUrl.
 */
export type MediaViewer =
  /** A signed-in, verified user (owner or not). */
  | { kind: 'user'; userId: string }
  /** Anyone: what is public (public sessions, profile pictures). */
  | { kind: 'public' }
  /** The holder of a subject's share token (SPEC §6): its shared trials' results only (share-access.ts). */
  | { kind: 'share'; grant: ShareGrant };

export function viewerOf(userId: string | null | undefined): MediaViewer {
  return userId ? { kind: 'user', userId } : { kind: 'public' };
}

/** The viewer as written into a signed URL, and back (share grants travel as themselves, see mediaUrl). */
export function viewerClaim(v: MediaViewer): string {
  return v.kind === 'user' ? `u:${v.userId}` : 'public';
}
export function viewerFromClaim(claim: string): MediaViewer | null {
  if (claim === 'public') return { kind: 'public' };
  const m = /^u:(.+)$/.exec(claim);
  return m ? { kind: 'user', userId: m[1] } : null;
}

/** How long API media URLs are signed for; every request is still checked against the data's state. */
export const MEDIA_URL_TTL_SEC = 6 * 3600;

/**
 * A URL under /api/media for the key, bound to the viewer: the media route checks the signature and then,
 * at each request, whether this viewer may still read the key. S3 media are redirected from there to a
 * presigned URL that lives minutes, so a revoked object stops loading within that time.
 */
export function mediaUrl(
  deps: AppDeps,
  key: string,
  viewer: MediaViewer,
  opts: { downloadName?: string; ttlSec?: number } = {},
): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (viewer.kind === 'share') {
    // The grant is the credential and is checked at every request, so a renewed token ends its links at once.
    const grant = new URLSearchParams({
      subject_id: viewer.grant.subjectId,
      share_token: viewer.grant.shareToken,
    });
    return `/api/media/${path}?${grant.toString()}`;
  }
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + (opts.ttlSec ?? MEDIA_URL_TTL_SEC);
  const claims = { key, exp, viewer: viewerClaim(viewer), download: opts.downloadName };
  const params = new URLSearchParams({ exp: String(exp), v: claims.viewer });
  if (opts.downloadName) params.set('dl', opts.downloadName);
  params.set('sig', signMediaClaims(deps.mediaSecret, claims));
  return `/api/media/${path}?${params.toString()}`;
}

const PUBLIC_USER_IMAGE = /^users\/[^/]+\/(profile-picture|logo)\.[\w.-]+$/;
const USER_KEY = /^users\/([^/]+)\//;
const TRIAL_KEY = /^sessions\/[^/]+\/trials\/([^/]+)\//;
const UPLOAD_KEY = /^sessions\/[^/]+\/trials\/[^/]+\/uploads\//;
const ARCHIVE_KEY = /^archives\/([^/]+)\//;

/**
 * Whether the viewer may read the key now:
 * - profile pictures and logos: anyone;
 * - anything else under users/<id>/ (reports, archives): that user only;
 * - session media: the owner while the session exists (trash included), others only while the session is
 *   public and not trashed and, for a trial's media, the trial exists there and is not trashed;
 * - partial uploads: nobody;
 * - a data archive (issue #18): its finished zip only, until it expires, to whoever may still have it
 *   (archive-access.ts: the owner while owning its data; anyone while its public session stays public);
 * - a share grant (issue #17): result files of its subject's shared trials, while the token is current;
 * - whatever leaves the owner also follows the subject's data sharing choice (issue #27, data-sharing.ts):
 *   originals only under 'identified', only the blurred copies under 'de-identified', no video or image
 *   under 'processed data', nothing under 'no data'. Read from the session now, so a changed choice
 *   applies to every earlier link at once.
 */
export async function mayReadMedia(
  deps: AppDeps,
  key: string,
  viewer: MediaViewer,
  /** When the viewer comes from a signed URL: its expiry (seconds), which dates its issue. */
  signedUntilSec?: number,
): Promise<boolean> {
  if (viewer.kind === 'share') return grantAllowsMedia(deps, key, viewer.grant);
  const userId = viewer.kind === 'user' ? viewer.userId : null;
  if (PUBLIC_USER_IMAGE.test(key)) return true;
  const archiveId = ARCHIVE_KEY.exec(key)?.[1];
  if (archiveId) return mayReadArchive(deps, archiveId, key, userId);
  const keyUser = USER_KEY.exec(key)?.[1];
  if (keyUser) return keyUser === userId;
  if (UPLOAD_KEY.test(key)) return false;
  const sessionId = sessionIdOfKey(key);
  if (!sessionId) return false;
  const session = await new SessionRepository(deps.db).findById(sessionId);
  if (!session || session.removed_at) return false;
  const isOwner = userId !== null && session.user_id === userId;
  if (!isOwner && (session.public !== 1 || session.trashed !== 0)) return false;
  if (isOwner && trashedSinceIssue(session, signedUntilSec)) return false;
  const trialId = TRIAL_KEY.exec(key)?.[1];
  if (trialId) {
    const trial = await new TrialRepository(deps.db).findById(trialId);
    if (!trial || trial.session_id !== sessionId) return false;
    if (!isOwner && trial.trashed !== 0) return false;
    if (isOwner && trashedSinceIssue(trial, signedUntilSec)) return false;
  }
  return isOwner || choiceAllowsKey(deps, session, key);
}

/**
 * A signed URL is a bearer link (whoever holds it reads as the viewer it names), so an owner's link issued
 * before its session or trial went to the recycle bin ends with the trash (issue #29); the owner's later
 * links, and requests with their Authorization header, still reach the trashed data. Same-second counts as
 * after: the link ends.
 */
function trashedSinceIssue(
  row: { trashed: number; trashed_at: string | null },
  signedUntilSec: number | undefined,
): boolean {
  if (signedUntilSec === undefined || row.trashed === 0) return false;
  if (!row.trashed_at) return true;
  const trashedSec = Math.floor(Date.parse(row.trashed_at) / 1000);
  return !(trashedSec < signedUntilSec - MEDIA_URL_TTL_SEC);
}

async function mayReadArchive(
  deps: AppDeps,
  archiveId: string,
  key: string,
  userId: string | null,
): Promise<boolean> {
  const archive = await new ArchiveRepository(deps.db).findById(archiveId);
  if (!archive || archive.state !== 'ready' || archive.storage_key !== key) return false;
  if (archive.expires_at <= deps.clock.now().toISOString()) return false;
  return mayHaveArchive(deps, archive, userId);
}
