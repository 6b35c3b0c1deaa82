import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { contentTypeOfKey } from './media-keys';
import {
  deleteKeys,
  encodeKeyPath,
  isInvalidRange,
  isNotFound,
  listObjects,
  MAX_COPY_BYTES,
  missingObjectError,
  nodeReadable,
  uploadObject,
} from './s3-objects';
import { assertSafeKey, attachmentDisposition, type Storage, type StoredObjectInfo } from './storage';

/** Where the appended pieces of `key` are staged (see append); no media key may start with it. */
const STAGING_ROOT = '.appends';
/** Offsets are zero-padded so that listing order (lexicographic) is byte order. */
const OFFSET_DIGITS = 15;
/** Presigned URLs are short: the media route issues a new one at every request after checking access. */
const DEFAULT_URL_EXPIRY_SEC = 10 * 60;
const MAX_URL_EXPIRY_SEC = 7 * 24 * 3600;

interface Segment {
  key: string;
  start: number;
  size: number;
}

/** An object as stored: an optional base object plus staged appended pieces, in byte order. */
interface Layout {
  exists: boolean;
  segments: Segment[];
  size: number;
  staged: boolean;
}

/**
 * Media in an S3 bucket (AWS or any S3-compatible store). Keys map 1:1 to object keys.
 *
 * S3 objects cannot be appended to, yet resumable uploads (upload.service.ts) append 1 MiB chunks up to 2 GiB
 * and ask the stored size before every chunk. Rewriting the object per chunk would move O(n²) bytes (about
 * 2 TB for 2 GiB), and multipart parts must be ≥ 5 MiB and are invisible until completed. So each appended
 * chunk is staged as its own object `.appends/<key>/<offset>`: stat/get see the base object (if any) followed
 * by the staged pieces, and move — which the upload service calls once, when the upload is complete — composes
 * them into the destination in one streamed multipart upload, then deletes the pieces. Each byte thus crosses
 * the network three times (in, out and back once at completion) and a chunk costs a HEAD, a LIST page per
 * 1000 chunks and a PUT. Naming pieces by offset makes a retried chunk overwrite itself instead of duplicating.
 * A presigned directUrl() sees only whole objects: an object with staged pieces is readable through get() (the media
 * route) but not by URL until moved — upload keys are never handed out, so nothing asks for one.
 */
export class S3Storage implements Storage {
  /** `presignClient` signs the URLs given to browsers (see createPresignClient); default: `client`. */
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly presignClient: S3Client = client,
  ) {}

  async put(key: string, body: Readable | Buffer, contentType?: string): Promise<StoredObjectInfo> {
    this.check(key);
    await this.dropStaged(key); // a put replaces the whole object, appended pieces included
    const size = await uploadObject(
      this.client,
      this.bucket,
      key,
      body,
      contentType ?? contentTypeOfKey(key),
    );
    return { key, size };
  }

  async append(key: string, body: Readable | Buffer): Promise<StoredObjectInfo> {
    this.check(key);
    const { size } = await this.layout(key);
    const pieceKey = `${this.stagingPrefix(key)}${String(size).padStart(OFFSET_DIGITS, '0')}`;
    const added = await uploadObject(this.client, this.bucket, pieceKey, body, 'application/octet-stream');
    return { key, size: size + added };
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    this.check(key);
    const layout = await this.layout(key);
    if (!layout.exists) throw missingObjectError(key);
    const start = range?.start ?? 0;
    // Inclusive end, as fs.createReadStream (LocalStorage) and HTTP Range headers have it.
    const end = Math.min(range?.end ?? layout.size - 1, layout.size - 1);
    if (start > end) return Readable.from([]);
    if (!layout.staged) return this.getRange(key, start, end);
    const pieces = layout.segments.filter((s) => s.size > 0 && s.start <= end && s.start + s.size > start);
    const open = (s: Segment) =>
      this.getRange(s.key, Math.max(start, s.start) - s.start, Math.min(end, s.start + s.size - 1) - s.start);
    async function* concatenated(): AsyncGenerator<Buffer> {
      for (const s of pieces) {
        for await (const chunk of await open(s)) yield chunk as Buffer;
      }
    }
    return Readable.from(concatenated());
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    this.check(key);
    const layout = await this.layout(key);
    return layout.exists ? { key, size: layout.size } : null;
  }

  /** Like rename: the destination is replaced; a missing source is an error. */
  async move(fromKey: string, toKey: string): Promise<void> {
    this.check(fromKey);
    this.check(toKey);
    if (fromKey === toKey) return;
    const layout = await this.layout(fromKey);
    if (!layout.exists) throw missingObjectError(fromKey);
    await this.dropStaged(toKey);
    if (!layout.staged && layout.size <= MAX_COPY_BYTES) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: toKey,
          CopySource: `${this.bucket}/${encodeKeyPath(fromKey)}`,
          // The type follows the new name (an upload's '.part' becomes a '.mp4' the browser must play).
          MetadataDirective: 'REPLACE',
          ContentType: contentTypeOfKey(toKey),
        }),
      );
    } else {
      await uploadObject(this.client, this.bucket, toKey, await this.get(fromKey), contentTypeOfKey(toKey));
    }
    await this.delete(fromKey);
  }

  async delete(key: string): Promise<void> {
    this.check(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    await this.dropStaged(key);
  }

  /** Like removing a file or folder: the key itself, everything under `prefix/`, and their staged pieces. */
  async deletePrefix(prefix: string): Promise<void> {
    const base = prefix.replace(/\/$/, '');
    this.check(base);
    const keys = [base];
    for (const p of [`${base}/`, this.stagingPrefix(base)]) {
      for await (const o of listObjects(this.client, this.bucket, p)) keys.push(o.key);
    }
    await deleteKeys(this.client, this.bucket, keys);
  }

  /** A presigned GET straight to the bucket (no server hop); it honours Range, so <video> can seek. */
  async directUrl(key: string, opts: { expiresInSec?: number; downloadName?: string } = {}): Promise<string> {
    this.check(key);
    const expiresIn = Math.min(opts.expiresInSec ?? DEFAULT_URL_EXPIRY_SEC, MAX_URL_EXPIRY_SEC);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(opts.downloadName ? { ResponseContentDisposition: attachmentDisposition(opts.downloadName) } : {}),
    });
    return getSignedUrl(this.presignClient, command, { expiresIn });
  }

  private check(key: string): void {
    assertSafeKey(key);
    if (key === STAGING_ROOT || key.startsWith(`${STAGING_ROOT}/`)) {
      throw new Error(`Unsafe storage key: ${key} (reserved for staged appends)`);
    }
  }

  private stagingPrefix(key: string): string {
    return `${STAGING_ROOT}/${key}/`;
  }

  private async layout(key: string): Promise<Layout> {
    const [baseSize, pieces] = await Promise.all([this.headSize(key), this.stagedPieces(key)]);
    const segments: Segment[] = baseSize === null ? [] : [{ key, start: 0, size: baseSize }];
    let size = baseSize ?? 0;
    for (const p of pieces) {
      if (p.start !== size) {
        throw new Error(
          `Appended data of ${key} is inconsistent: a piece starts at byte ${p.start}, expected ${size}.`,
        );
      }
      segments.push(p);
      size += p.size;
    }
    return { exists: segments.length > 0, segments, size, staged: pieces.length > 0 };
  }

  private async headSize(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async stagedPieces(key: string): Promise<Segment[]> {
    const prefix = this.stagingPrefix(key);
    const pieces: Segment[] = [];
    // The delimiter keeps out the pieces of keys below this one (key/…), which live one level deeper.
    for await (const o of listObjects(this.client, this.bucket, prefix, '/')) {
      const offset = o.key.slice(prefix.length);
      if (/^\d+$/.test(offset)) pieces.push({ key: o.key, start: Number(offset), size: o.size });
    }
    return pieces.sort((a, b) => a.start - b.start);
  }

  private async dropStaged(key: string): Promise<void> {
    const pieces = await this.stagedPieces(key);
    await deleteKeys(
      this.client,
      this.bucket,
      pieces.map((p) => p.key),
    );
  }

  private async getRange(key: string, start: number, end: number): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
      );
      return nodeReadable(res.Body, key);
    } catch (err) {
      if (isNotFound(err)) throw missingObjectError(key);
      if (isInvalidRange(err)) return Readable.from([]);
      throw err;
    }
  }
}
