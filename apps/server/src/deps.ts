import type { CaptureBus } from './capture/bus';
import type { AppConfig } from './config';
import type { Db, Dialect } from './db/database';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything services need, built once at start (or per test). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  storage: Storage;
  mailer: Mailer;
  clock: Clock;
  /** Signs media URLs (storage/signed-url.ts). */
  mediaSecret: string;
  /** Links the phone connections of API replicas (PostgreSQL only; absent in a single process). */
  captureBus?: CaptureBus;
}
