import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

export interface ZipEntryRead {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Buffer;
}

/**
 * Reads every entry of a zip (tests): names in order, method, bytes. Each entry's CRC-32 and sizes are checked
 * against its central directory record, as `unzip -t` does; a mismatch rejects.
 */
export function readZip(zip: Buffer): Promise<ZipEntryRead[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out: ZipEntryRead[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out.push({ name: entry.fileName, method: entry.compressionMethod, data: Buffer.alloc(0) });
          return file.readEntry();
        }
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            if (crc32(data) !== entry.crc32) return reject(new Error(`CRC mismatch in ${entry.fileName}`));
            out.push({ name: entry.fileName, method: entry.compressionMethod, data });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}
