import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { S3Storage } from '../storage/s3-storage';
import { startFakeS3 } from '../test/fake-s3';
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

  it('stores media in the S3 bucket when S3_BUCKET is set', async () => {
    const s3 = await startFakeS3('boot-media');
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'poselab-boot-'));
      const { deps, handle } = await createDeps(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
      expect(deps.storage).toBeInstanceOf(S3Storage);
      await deps.storage.put('users/u1/logo.png', Buffer.from('png'));
      expect(await deps.storage.directUrl!('users/u1/logo.png')).toMatch(
        new RegExp(`^${s3.settings.endpoint}/boot-media/users/u1/logo\\.png\\?X-Amz-`),
      );
      expect(existsSync(join(dataDir, 'media'))).toBe(false);
      await handle.close();
    } finally {
      await s3.close();
    }
  });

  it('signs browser URLs for S3_PUBLIC_ENDPOINT while the server talks to S3_ENDPOINT', async () => {
    const s3 = await startFakeS3('boot-public');
    try {
      // Another host name for the same s3rver stands for the store's public address.
      const publicEndpoint = s3.settings.endpoint!.replace('127.0.0.1', 'localhost');
      const dataDir = mkdtempSync(join(tmpdir(), 'poselab-boot-'));
      const { deps, handle } = await createDeps(
        loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_PUBLIC_ENDPOINT: publicEndpoint }),
      );
      await deps.storage.put('users/u1/picture.jpg', Buffer.from('jpeg bytes'));
      const url = await deps.storage.directUrl!('users/u1/picture.jpg');
      expect(url.startsWith(`${publicEndpoint}/boot-public/users/u1/picture.jpg?X-Amz-`)).toBe(true);
      // The server itself still reads through S3_ENDPOINT.
      const back = await deps.storage.get('users/u1/picture.jpg');
      const chunks: Buffer[] = [];
      for await (const c of back) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('jpeg bytes');
      await handle.close();
    } finally {
      await s3.close();
    }
  });

  it('refuses to start when the S3 bucket cannot be used, saying why', async () => {
    const s3 = await startFakeS3('exists');
    try {
      const config = loadConfig({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'poselab-boot-')),
        ...s3.env,
        S3_BUCKET: 'missing',
      });
      await expect(createDeps(config)).rejects.toThrow(/S3 bucket "missing" .* the bucket does not exist/);
    } finally {
      await s3.close();
    }
  });
});
