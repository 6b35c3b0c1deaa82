import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Media URLs carry an expiring HMAC signature so that <video> and <img> elements, which cannot send an
 * Authorization header, can fetch private media that the server chose to show to this viewer.
 */
export function signMediaKey(secret: string, key: string, expiresAtSec: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expiresAtSec}`).digest('base64url');
}

export function verifyMediaSignature(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowSec: number,
): boolean {
  if (!exp || !sig || !/^\d+$/.test(exp) || Number(exp) < nowSec) return false;
  const expected = Buffer.from(signMediaKey(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
