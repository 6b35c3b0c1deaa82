import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  key: string;
  size: number;
}

/**
 * Object storage for media (videos, results, pictures). Keys are relative paths like
 * 'trials/<id>/videos/<device>.mp4'. Only repositories and services touch it, never routes.
 */
export interface Storage {
  put(key: string, body: Readable | Buffer, contentType?: string): Promise<StoredObjectInfo>;
  /** Appends to an object (resumable uploads). Implementations without append may stage parts. */
  append(key: string, body: Readable | Buffer): Promise<StoredObjectInfo>;
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  move(fromKey: string, toKey: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with prefix. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL the browser can fetch. Local storage answers a server-proxied path under /api/media that the
   * media route authorises; S3 answers a presigned URL. `downloadName` makes the store answer with
   * `Content-Disposition: attachment` under that name: a link's `download` attribute is ignored across
   * origins, so S3 needs it (same-origin local URLs honour the attribute and ignore this).
   */
  url(key: string, opts?: { expiresInSec?: number; downloadName?: string }): Promise<string>;
}

/** Refuses keys that could escape the storage root. */
export function assertSafeKey(key: string): void {
  if (
    !key ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((p) => p === '..' || p === '' || p === '.')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** RFC 6266 attachment header: an ASCII fallback name plus the exact UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
