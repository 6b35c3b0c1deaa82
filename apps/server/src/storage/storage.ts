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
   * Stores a browser can fetch from directly (S3) give a presigned URL here, which the media route redirects
   * to after checking access; a local folder has none (the route streams the file). Services never hand
   * these out themselves: they give the API's URL from media-access.service.ts (mediaUrl), which checks
   * who may read the object at every request. `downloadName` makes the store answer with
   * `Content-Disposition: attachment` under that name.
   */
  directUrl?(key: string, opts?: { expiresInSec?: number; downloadName?: string }): Promise<string>;
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
