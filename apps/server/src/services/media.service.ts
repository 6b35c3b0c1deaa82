import type { Readable } from 'node:stream';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import { SessionRepository } from '../repositories/session.repository';
import { contentTypeOfKey, sessionIdOfKey } from '../storage/media-keys';
import { verifyMediaSignature } from '../storage/signed-url';
import { assertSafeKey } from '../storage/storage';
import { grantAllowsMedia, type ShareGrant } from './share-access';

export interface MediaRequest {
  key: string;
  exp?: string;
  sig?: string;
  viewerId: string | null;
  /** A subject share token brought with the URL (SPEC §6), checked now rather than trusted from a signature. */
  share?: ShareGrant | null;
  range?: string;
}

export interface MediaAnswer {
  status: 200 | 206;
  stream: Readable;
  contentType: string;
  size: number;
  contentRange?: string;
  length: number;
}

/** Parses a single 'bytes=a-b' range; null for none or one we cannot serve (then the whole file is sent). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * Media answer only to who may see them: a valid signed URL (handed out with the data to viewers the server
 * authorised), the session's owner, anyone for a public session, the holder of a subject's current share
 * token for its shared trials' results, and anyone for profile pictures and logos.
 */
export async function openMedia(deps: AppDeps, req: MediaRequest): Promise<MediaAnswer> {
  try {
    assertSafeKey(req.key);
  } catch {
    throw notFound();
  }
  const signed = verifyMediaSignature(
    deps.mediaSecret,
    req.key,
    req.exp,
    req.sig,
    Math.floor(deps.clock.now().getTime() / 1000),
  );
  const allowed =
    signed ||
    (await mayView(deps, req.key, req.viewerId)) ||
    (req.share ? await grantAllowsMedia(deps, req.key, req.share) : false);
  if (!allowed) throw notFound();
  const info = await deps.storage.stat(req.key);
  if (!info) throw notFound();
  const range = parseRange(req.range, info.size);
  const stream = await deps.storage.get(req.key, range ?? undefined);
  const contentType = contentTypeOfKey(req.key);
  if (range) {
    return {
      status: 206,
      stream,
      contentType,
      size: info.size,
      contentRange: `bytes ${range.start}-${range.end}/${info.size}`,
      length: range.end - range.start + 1,
    };
  }
  return { status: 200, stream, contentType, size: info.size, length: info.size };
}

/** Whether a viewer (null: anonymous) may see a stored file; also checks every read of an archive job. */
export async function mayView(deps: AppDeps, key: string, viewerId: string | null): Promise<boolean> {
  if (/^users\/[^/]+\/(profile-picture|logo)\.[a-z]+$/.test(key)) return true;
  const reportOwner = /^users\/([^/]+)\/reports\//.exec(key)?.[1];
  if (reportOwner) return reportOwner === viewerId;
  const sessionId = sessionIdOfKey(key);
  if (!sessionId) return false;
  const session = await new SessionRepository(deps.db).findById(sessionId);
  if (!session) return false;
  return session.user_id === viewerId || (session.public === 1 && session.trashed === 0);
}
