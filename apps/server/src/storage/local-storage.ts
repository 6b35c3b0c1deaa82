import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type StoredObjectInfo } from './storage';

/**
 * Storage in a local folder (DATA_DIR/media by default). Writes go to a temp file, then rename. Browsers
 * read it only through the media route (no direct URLs).
 */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<StoredObjectInfo> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.partial`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { key, size: (await stat(file)).size };
  }

  async append(key: string, body: Readable | Buffer): Promise<StoredObjectInfo> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    await pipeline(
      Buffer.isBuffer(body) ? Readable.from([body]) : body,
      createWriteStream(file, { flags: 'a' }),
    );
    return { key, size: (await stat(file)).size };
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    const file = this.path(key);
    await stat(file); // throws ENOENT before a stream is handed out
    // 1 MiB reads: fewer, larger chunks for long streams (archives pass each chunk between threads).
    return createReadStream(file, {
      highWaterMark: 1024 * 1024,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const file = this.path(key); // an unsafe key is an error, not a missing object
    try {
      return { key, size: (await stat(file)).size };
    } catch {
      return null;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const to = this.path(toKey);
    await mkdir(dirname(to), { recursive: true });
    await rename(this.path(fromKey), to);
  }

  async delete(key: string): Promise<void> {
    await unlink(this.path(key)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }
}
