import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';

describe('LocalStorage', () => {
  const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'poselab-storage-')), 'secret');

  it('puts, appends, reads ranges, moves and deletes', async () => {
    await storage.put('a/b.txt', Buffer.from('hello'));
    await storage.append('a/b.txt', Readable.from([Buffer.from(' world')]));
    expect(await text(await storage.get('a/b.txt'))).toBe('hello world');
    expect(await text(await storage.get('a/b.txt', { start: 6, end: 10 }))).toBe('world');
    await storage.move('a/b.txt', 'c/d.txt');
    expect(await storage.stat('a/b.txt')).toBeNull();
    expect((await storage.stat('c/d.txt'))?.size).toBe(11);
    expect(await storage.url('c/d.txt')).toMatch(/^\/api\/media\/c\/d\.txt\?exp=\d+&sig=[\w-]+$/);
    await storage.deletePrefix('c');
    expect(await storage.stat('c/d.txt')).toBeNull();
    await expect(storage.get('c/d.txt')).rejects.toThrow();
  });

  it('refuses keys that escape the root', async () => {
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put('/etc/x', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
  });
});
