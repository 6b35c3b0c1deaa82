import { createHash, randomBytes } from 'node:crypto';

/** A random bearer secret (256 bits, URL-safe). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored as SHA-256: they carry 256 bits of entropy, so a slow hash adds nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Reads 'Authorization: <Scheme> <secret>' for the given scheme (Token, Device, Worker). */
export function readAuthorization(header: string | undefined, scheme: string): string | null {
  if (!header) return null;
  const [s, value] = header.trim().split(/\s+/, 2);
  return s?.toLowerCase() === scheme.toLowerCase() && value ? value : null;
}
