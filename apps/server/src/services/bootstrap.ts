import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database';
import { systemClock, type AppDeps } from '../deps';
import type { Mailer } from '../mail/mailer';
import { OutboxMailer } from '../mail/outbox-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import { PgNotifyBus } from '../capture/bus';
import { LocalStorage } from '../storage/local-storage';
import { assertBucketReachable, createPresignClient, createS3Client } from '../storage/s3-client';
import { S3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import { mailBanner } from '../mail/console-banner';

/** Opens the database (and migrates it), storage and mail as configured. */
export async function createDeps(config: AppConfig): Promise<{ deps: AppDeps; handle: DatabaseHandle }> {
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'poselab.sqlite'),
  });
  await migrateToLatest(handle.db);
  const mediaSecret = config.mediaUrlSecret ?? loadOrCreateSecret(config.dataDir);
  const storage = await createStorage(config).catch(async (err: unknown) => {
    await handle.close();
    throw err;
  });
  const mailer: Mailer = config.smtp
    ? new SmtpMailer(config.smtp, config.mailFrom)
    : new OutboxMailer(join(config.dataDir, 'outbox'), (_line, message) => console.log(mailBanner(message)));
  // On PostgreSQL several API replicas may share the database: their phone connections meet over it.
  const captureBus = config.databaseUrl
    ? new PgNotifyBus(config.databaseUrl, (err) => console.error('Capture bus:', err))
    : undefined;
  return {
    deps: {
      config,
      db: handle.db,
      dialect: handle.dialect,
      storage,
      mailer,
      clock: systemClock,
      mediaSecret,
      captureBus,
    },
    handle: {
      ...handle,
      async close() {
        await captureBus?.close();
        await handle.close();
      },
    },
  };
}

/** S3 when S3_BUCKET is set (checked to be reachable, so a typo fails at start), else DATA_DIR/media. */
async function createStorage(config: AppConfig): Promise<Storage> {
  if (!config.s3) return new LocalStorage(join(config.dataDir, 'media'));
  const client = createS3Client(config.s3);
  await assertBucketReachable(client, config.s3);
  return new S3Storage(client, config.s3.bucket, createPresignClient(config.s3, client));
}

/** A random secret kept in DATA_DIR/media-url.secret so signed URLs survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'media-url.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
