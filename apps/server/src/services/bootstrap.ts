import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database';
import { systemClock, type AppDeps } from '../deps';
import type { Mailer } from '../mail/mailer';
import { OutboxMailer } from '../mail/outbox-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import { LocalStorage } from '../storage/local-storage';

/** Opens the database (and migrates it), storage and mail as configured. */
export async function createDeps(config: AppConfig): Promise<{ deps: AppDeps; handle: DatabaseHandle }> {
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'poselab.sqlite'),
  });
  await migrateToLatest(handle.db);
  if (config.s3) {
    // The S3 implementation fits the same Storage interface; until it lands, refuse rather than ignore.
    throw new Error(
      'S3 storage is not available in this build yet; unset S3_BUCKET to use the local media folder.',
    );
  }
  const mediaSecret = config.mediaUrlSecret ?? loadOrCreateSecret(config.dataDir);
  const storage = new LocalStorage(join(config.dataDir, 'media'), mediaSecret);
  const mailer: Mailer = config.smtp
    ? new SmtpMailer(config.smtp, config.mailFrom)
    : new OutboxMailer(join(config.dataDir, 'outbox'));
  return {
    deps: {
      config,
      db: handle.db,
      dialect: handle.dialect,
      storage,
      mailer,
      clock: systemClock,
      mediaSecret,
    },
    handle,
  };
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
