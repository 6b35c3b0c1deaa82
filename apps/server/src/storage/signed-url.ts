import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a media URL grants: one key, until `exp` (seconds since the epoch), to one viewer ('u:<user id>', or
 * 'public' for anyone allowed to see public data), optionally as a download under a file name. The server
 * still checks at every request that this viewer may read the key now (media-access.service.ts): the
 * signature only stands in for the Authorization header that <video> and <img> cannot send.
 */
export interface MediaUrlClaims {
  key: string;
  exp: number;
  viewer: string;
  download?: string;
}

export function signMediaClaims(secret: string, c: MediaUrlClaims): string {
  return createHmac('sha256', secret)
    .update([c.key, String(c.exp), c.viewer, c.download ?? ''].join('\n'))
    .digest('base64url');
}

export function verifyMediaClaims(
  secret: string,
  c: MediaUrlClaims,
  sig: string | undefined,
  nowSec: number,
): boolean {
  if (!sig || !Number.isInteger(c.exp) || c.exp < nowSec) return false;
  const expected = Buffer.from(signMediaClaims(secret, c));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
