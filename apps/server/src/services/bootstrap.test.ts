import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDeps } from './bootstrap';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('createDeps (SQLite)', () => {
  it('creates the database under DATA_DIR and keeps it across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'poselab-boot-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await createDeps(config);
    await first.deps.db
      .insertInto('worker_tokens')
      .values({ id: 'w1', name: 'lab worker', token_hash: 'h', created_at: new Date().toISOString() })
      .execute();
    await first.handle.close();
    expect(existsSync(join(dataDir, 'poselab.sqlite'))).toBe(true);

    const second = await createDeps(config);
    const row = await second.deps.db.selectFrom('worker_tokens').selectAll().executeTakeFirst();
    expect(row?.name).toBe('lab worker');
    await second.handle.close();
  });

  it('refuses S3 settings it cannot honour instead of silently ignoring them', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'poselab-boot-')), S3_BUCKET: 'media' });
    await expect(createDeps(config)).rejects.toThrow(/S3 storage/);
  });
});
