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
  const storage = new LocalStorage(join(config.dataDir, 'media'));
  const mailer: Mailer = config.smtp
    ? new SmtpMailer(config.smtp, config.mailFrom)
    : new OutboxMailer(join(config.dataDir, 'outbox'));
  return {
    deps: { config, db: handle.db, dialect: handle.dialect, storage, mailer, clock: systemClock },
    handle,
  };
}
