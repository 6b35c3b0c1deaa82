import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';

/** Size of one multipart part when a stream of unknown length is stored (S3's minimum is 5 MiB). */
export const PART_BYTES = 8 * 1024 * 1024;
/** Largest object CopyObject can copy in one request; bigger ones are re-streamed. */
export const MAX_COPY_BYTES = 5 * 1024 ** 3;

/** The store answered 404 (HeadObject answers 'NotFound', GetObject 'NoSuchKey'). */
export function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey';
}

/** The requested range starts past the end of the object (S3 answers 416, a file stream reads nothing). */
export function isInvalidRange(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.$metadata?.httpStatusCode === 416 || e?.name === 'InvalidRange';
}

/** The same error LocalStorage gives for a missing file, so callers see one behaviour for both drivers. */
export function missingObjectError(key: string): Error {
  return Object.assign(new Error(`ENOENT: no such object in storage: ${key}`), { code: 'ENOENT' });
}

/** A key as it goes into x-amz-copy-source: each segment URL-encoded, the slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** The GetObject body as a Node stream (the SDK hands a Readable in Node). */
export function nodeReadable(body: unknown, key: string): Readable {
  if (body instanceof Readable) return body;
  throw new Error(`S3 answered no readable body for ${key}`);
}

/** Every object under a prefix (with a delimiter: directly under it), page by page (1000 keys a page). */
export async function* listObjects(
  client: S3Client,
  bucket: string,
  prefix: string,
  delimiter?: string,
): AsyncGenerator<{ key: string; size: number }> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        Delimiter: delimiter,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) {
      if (o.Key !== undefined) yield { key: o.Key, size: o.Size ?? 0 };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes keys in batches of 1000 (the DeleteObjects limit); keys that do not exist are no error in S3. */
export async function deleteKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    const res = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = res.Errors ?? [];
    if (failed.length > 0) {
      throw new Error(
        `S3 could not delete ${failed.length} object(s), e.g. ${failed[0].Key}: ${failed[0].Message ?? failed[0].Code}`,
      );
    }
  }
}

/** Cuts a stream into buffers of exactly `size` bytes (the last one may be shorter or empty). */
async function* fixedChunks(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of stream) {
    const buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array | string);
    pending.push(buf);
    length += buf.length;
    while (length >= size) {
      const all = Buffer.concat(pending, length);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length -= size;
    }
  }
  yield Buffer.concat(pending, length);
}

/**
 * Stores a Buffer or a stream of unknown length. A stream that fits in one part goes up as one PutObject;
 * a longer one as a multipart upload of PART_BYTES parts, so memory stays at one part whatever the size
 * (PutObject needs the length up front, which a request or file stream does not give). Returns the size.
 */
export async function uploadObject(
  client: S3Client,
  bucket: string,
  key: string,
  body: Readable | Buffer,
  contentType: string,
): Promise<number> {
  const put = async (bytes: Buffer) => {
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
    return bytes.length;
  };
  if (Buffer.isBuffer(body)) return put(body);
  const parts = fixedChunks(body, PART_BYTES);
  const first = await parts.next();
  const firstBytes = first.done ? Buffer.alloc(0) : first.value;
  const second = first.done ? first : await parts.next();
  if (second.done || second.value.length === 0) return put(firstBytes);

  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
  );
  if (!UploadId) throw new Error(`S3 gave no upload id for ${key}`);
  const etags: { ETag: string; PartNumber: number }[] = [];
  let size = 0;
  const send = async (bytes: Buffer) => {
    const PartNumber = etags.length + 1;
    const res = await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: bytes }),
    );
    etags.push({ ETag: res.ETag ?? '', PartNumber });
    size += bytes.length;
  };
  try {
    await send(firstBytes);
    await send(second.value);
    for await (const bytes of parts) if (bytes.length > 0) await send(bytes);
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: etags },
      }),
    );
    return size;
  } catch (err) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
      .catch(() => undefined);
    throw err;
  }
}
