import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';
import { storageContract } from './storage-contract';

describe('LocalStorage', () => {
  const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'poselab-storage-')), 'secret');

  storageContract(() => storage);

  it('answers signed, server-proxied media URLs', async () => {
    await storage.put('c/d.txt', Buffer.from('x'));
    expect(await storage.url('c/d.txt')).toMatch(/^\/api\/media\/c\/d\.txt\?exp=\d+&sig=[\w-]+$/);
  });
});
