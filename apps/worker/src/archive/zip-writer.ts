import { PassThrough, type Readable } from 'node:stream';
import ZipStream from 'zip-stream';

/**
 * A zip written as a stream, one entry at a time, over zip-stream (archiver's zip writer: ZIP64 when sizes or
 * offsets pass 4 GiB, data descriptors for streamed entries, CRC-32 at about 1.3 GB/s). Entries are added in
 * sequence and each source is opened only when its turn comes, so no more than one input is open and memory
 * holds a few chunks whatever the archive's size. `output` is the zip; an entry that fails destroys it with
 * the error, so a reader never mistakes a cut archive for a whole one.
 */
export class ZipWriter {
  readonly output: PassThrough;
  private readonly zip: ZipStream;
  private failed: Error | null = null;

  constructor(private readonly date: Date) {
    this.zip = new ZipStream({ zlib: { level: 6 } });
    // A PassThrough in front gives callers a plain Node stream (zip-stream is a readable-stream v4 stream).
    this.output = new PassThrough({ highWaterMark: 1024 * 1024 });
    this.zip.on('error', (err: Error) => this.fail(err));
    this.zip.pipe(this.output);
  }

  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = err;
    this.output.destroy(err);
  }

  private entry(source: Readable | Buffer | null, name: string, store: boolean): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const onSourceError = (err: Error) => {
        this.fail(err);
        reject(err);
      };
      if (source && !Buffer.isBuffer(source)) source.once('error', onSourceError);
      this.zip.entry(source, { name, store, date: this.date }, (err) => {
        if (source && !Buffer.isBuffer(source)) source.off('error', onSourceError);
        if (err) {
          this.fail(err);
          reject(err);
        } else if (this.failed) reject(this.failed);
        else resolve();
      });
    });
  }

  /** A folder entry ('a/b/'). */
  addDirectory(path: string): Promise<void> {
    return this.entry(null, path.endsWith('/') ? path : `${path}/`, true);
  }

  /** A file from memory (generated files), deflated. */
  addBuffer(path: string, data: Buffer | string): Promise<void> {
    return this.entry(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, path, false);
  }

  /** A file from a stream; `store` keeps its bytes as they are (videos and images are compressed already). */
  addStream(path: string, source: Readable, store: boolean): Promise<void> {
    return this.entry(source, path, store);
  }

  /** Writes the central directory and ends `output`. */
  finish(): void {
    if (!this.failed) this.zip.finalize();
  }

  /** Stops with an error: `output` errors instead of ending, so no reader takes it for a whole archive. */
  abort(err: Error): void {
    this.fail(err);
    this.zip.destroy();
  }
}
