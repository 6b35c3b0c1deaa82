import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import type { AppDeps, Clock } from '../deps';
import type { Mailer, MailMessage } from '../mail/mailer';
import { LocalStorage } from '../storage/local-storage';
import { createS3Client } from '../storage/s3-client';
import { S3Storage } from '../storage/s3-storage';

/** Collects mail in memory so tests can read codes and links. */
export class MemoryMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }
  last(): MailMessage | undefined {
    return this.messages[this.messages.length - 1];
  }
}

/** A clock tests can move. */
export class TestClock implements Clock {
  constructor(private time = new Date()) {}
  now(): Date {
    return new Date(this.time);
  }
  set(date: Date): void {
    this.time = new Date(date);
  }
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  mailer: MemoryMailer;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app over a fresh database for one test: SQLite in a temp folder, or, when TEST_DATABASE_URL is set
 * (CI runs the suite a second time against PostgreSQL), a new PostgreSQL database created for it. Media go to
 * a temp folder, or to S3 when env has S3_BUCKET (e.g. `createTestApp(fakeS3.env)`, see fake-s3.ts).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'poselab-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    ...env,
  });
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `poselab_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // The app's pool has ended, but its connections finish closing a moment later; a forced drop cut
        // them mid-close, which pg reported as uncaught errors ('terminating connection due to administrator
        // command'). A plain drop waits for them (PostgreSQL waits up to 5 s for other sessions to leave);
        // only connections still open after that (a test's own clients) are cut by force.
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
        } catch (err) {
          if ((err as { code?: string }).code !== '55006') throw err;
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      } finally {
        await c.end();
      }
    };
  }
  const handle = openDatabase({ databaseUrl, sqliteFile: join(dataDir, 'poselab.sqlite') });
  await migrateToLatest(handle.db);
  const mailer = new MemoryMailer();
  const clock = new TestClock();
  const mediaSecret = randomUUID();
  const deps: AppDeps = {
    config: { ...config, databaseUrl },
    db: handle.db,
    dialect: handle.dialect,
    storage: config.s3
      ? new S3Storage(createS3Client(config.s3), config.s3.bucket)
      : new LocalStorage(join(dataDir, 'media')),
    mailer,
    clock,
    mediaSecret,
  };
  const app = await buildApp(deps, { serveWeb: false });
  await app.ready();
  return {
    app,
    deps,
    mailer,
    clock,
    dataDir,
    async close() {
      await app.close();
      await handle.close();
      if (dropDatabase) await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
