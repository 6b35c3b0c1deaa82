import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';
import { storageContract } from './storage-contract';
import type { Storage } from './storage';

describe('LocalStorage', () => {
  const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'poselab-storage-')));

  storageContract(() => storage);

  it('has no direct URLs: browsers read local media through the media route', () => {
    const asStorage: Storage = storage;
    expect(asStorage.directUrl).toBeUndefined();
  });
});
