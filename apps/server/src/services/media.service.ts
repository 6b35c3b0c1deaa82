import type { Readable } from 'node:stream';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import { contentTypeOfKey } from '../storage/media-keys';
import { verifyMediaClaims } from '../storage/signed-url';
import { assertSafeKey } from '../storage/storage';
import { mayReadMedia, viewerFromClaim, viewerOf } from './media-access.service';
import type { ShareGrant } from './share-access';

export interface MediaRequest {
  key: string;
  exp?: string;
  /** The viewer the URL was signed for ('u:<id>' or 'public'). */
  v?: string;
  /** Download file name the URL was signed with. */
  dl?: string;
  sig?: string;
  /** The verified user sending an Authorization header, if any. */
  viewerId: string | null;
  /** A subject share token brought with the URL (SPEC §6), checked now rather than trusted from a signature. */
  share?: ShareGrant | null;
  range?: string;
}

/** Presigned store URLs (S3) live this long: every fetch of the API URL issues a new one. */
export const DIRECT_URL_TTL_SEC = 10 * 60;

export type MediaAnswer =
  | {
      kind: 'stream';
      status: 200 | 206;
      stream: Readable;
      contentType: string;
      size: number;
      contentRange?: string;
      length: number;
      downloadName?: string;
    }
  | { kind: 'redirect'; location: string };

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
 * Media answer only while the object is readable for the caller (media-access.service.ts): the viewer is the
 * one a signed URL names, else the user of the Authorization header (or the public), or a share grant the
 * URL brings. Local media are
 * streamed (with Range); S3 media are redirected to a presigned URL that lives minutes.
 */
export async function openMedia(deps: AppDeps, req: MediaRequest): Promise<MediaAnswer> {
  try {
    assertSafeKey(req.key);
  } catch {
    throw notFound();
  }
  let viewer = viewerOf(req.viewerId);
  let downloadName: string | undefined;
  let signedUntilSec: number | undefined;
  if (req.sig !== undefined) {
    const claims = { key: req.key, exp: Number(req.exp), viewer: req.v ?? '', download: req.dl };
    const nowSec = Math.floor(deps.clock.now().getTime() / 1000);
    const signedFor = viewerFromClaim(claims.viewer);
    if (!/^\d+$/.test(req.exp ?? '') || !signedFor) throw notFound();
    if (!verifyMediaClaims(deps.mediaSecret, claims, req.sig, nowSec)) throw notFound();
    viewer = signedFor;
    downloadName = req.dl;
    signedUntilSec = claims.exp;
  }
  const allowed =
    (await mayReadMedia(deps, req.key, viewer, signedUntilSec)) ||
    (req.sig === undefined && req.share
      ? await mayReadMedia(deps, req.key, { kind: 'share', grant: req.share })
      : false);
  if (!allowed) throw notFound();
  if (deps.storage.directUrl) {
    if (!(await deps.storage.stat(req.key))) throw notFound();
    return {
      kind: 'redirect',
      location: await deps.storage.directUrl(req.key, { expiresInSec: DIRECT_URL_TTL_SEC, downloadName }),
    };
  }
  const info = await deps.storage.stat(req.key);
  if (!info) throw notFound();
  const range = parseRange(req.range, info.size);
  const stream = await deps.storage.get(req.key, range ?? undefined);
  const contentType = contentTypeOfKey(req.key);
  if (range) {
    return {
      kind: 'stream',
      status: 206,
      stream,
      contentType,
      size: info.size,
      contentRange: `bytes ${range.start}-${range.end}/${info.size}`,
      length: range.end - range.start + 1,
      downloadName,
    };
  }
  return {
    kind: 'stream',
    status: 200,
    stream,
    contentType,
    size: info.size,
    length: info.size,
    downloadName,
  };
}

/**
 * Whether a viewer (null: anonymous) may see a stored file now; kept for callers written before
 * media-access.service.ts (the archive job checks every file it reads with it). Same rules as mayReadMedia.
 */
export function mayView(deps: AppDeps, key: string, viewerId: string | null): Promise<boolean> {
  return mayReadMedia(deps, key, viewerOf(viewerId));
}
