import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For the server believes, as addresses, CIDR ranges or the
 * keywords loopback, linklocal and uniquelocal, comma-separated. Anything looser ('true', a hop count)
 * would let any client choose its own address and so escape every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    const [ip, prefix, extra] = item.split('/');
    const family = isIP(ip);
    const validPrefix =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (PROXY_KEYWORDS.includes(item) || (family !== 0 && validPrefix && extra === undefined)) continue;
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: '${item}' is not an address, a CIDR range or one of ${PROXY_KEYWORDS.join(', ')}`,
    );
  }
  return items;
}

/** Environment variables, validated once at start. Every variable is listed in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('PoseLab <no-reply@poselab.local>'),
  SUPPORT_EMAIL: z.string().email('SUPPORT_EMAIL must be an e-mail address').optional(),
  HTTPS: z.enum(['off', 'on', 'self-signed']).default('off'),
  HTTPS_CERT: z.string().optional(),
  HTTPS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  SESSION_LIST_CACHE: z.coerce.number().int().min(0).max(100_000).default(500),
  WEB_DIST: z.string().optional(),
  MODELS_DIR: z.string().optional(),
  MEDIA_URL_SECRET: z.string().min(16).optional(),
  ARCHIVE_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(4),
  TRUST_PROXY: z.string().optional(),
  STORAGE_QUOTA_GB: z.coerce.number().min(0).default(100),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl?: string;
  s3?: {
    endpoint?: string;
    /** Address browsers use for the store when it differs from the server's (presigned URLs). */
    publicEndpoint?: string;
    region: string;
    bucket: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string };
  mailFrom: string;
  /** Where Bug Report, the License page's 'contact us' and the documentation send users; none when unset. */
  supportEmail?: string;
  https: { mode: 'off' | 'on' | 'self-signed'; certFile?: string; keyFile?: string };
  logLevel: string;
  /** auto: readable lines on a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'pretty' | 'json';
  workers: number;
  /** Session-list pages kept built (0: build every page on request). */
  sessionListCachePages: number;
  webDist: string;
  modelsDir: string;
  /** Secret for signed media URLs; generated under DATA_DIR when unset (set it for several API replicas). */
  mediaUrlSecret?: string;
  /** Days a made data archive stays downloadable before it is deleted. */
  archiveRetentionDays: number;
  /** Proxies allowed to report the client address (X-Forwarded-For); empty: the socket's address counts. */
  trustProxy: string[];
  /** Video bytes one user may store (uploads in progress included); null: no limit. */
  storageQuotaBytes: number | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.HTTPS === 'on' && (!e.HTTPS_CERT || !e.HTTPS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTPS=on needs HTTPS_CERT and HTTPS_KEY (or use HTTPS=self-signed)',
    );
  }
  if ((e.S3_ACCESS_KEY_ID || e.S3_ENDPOINT || e.S3_PUBLIC_ENDPOINT) && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET is required when S3 settings are given');
  }
  const scheme = e.HTTPS === 'off' ? 'http' : 'https';
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `${scheme}://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE === 'true',
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
        }
      : undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    https: { mode: e.HTTPS, certFile: e.HTTPS_CERT, keyFile: e.HTTPS_KEY },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    workers: e.WORKERS,
    sessionListCachePages: e.SESSION_LIST_CACHE,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    modelsDir: resolve(e.MODELS_DIR ?? `${dataDir}/models`),
    mediaUrlSecret: e.MEDIA_URL_SECRET,
    archiveRetentionDays: e.ARCHIVE_RETENTION_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    storageQuotaBytes: e.STORAGE_QUOTA_GB > 0 ? Math.round(e.STORAGE_QUOTA_GB * 1024 ** 3) : null,
  };
}
