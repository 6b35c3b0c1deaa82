import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/** A registered, verified user made through the real API, as browser tests need one. */
export interface TestUser {
  username: string;
  email: string;
  password: string;
  token: string;
  userId: string;
  institutionalUse: string | null;
  licenseStartDate: string;
  licenseEndDate: string;
  unit: 'metric' | 'imperial';
}

export interface CreateUserOptions {
  username?: string;
  email?: string;
  password?: string;
  unit?: 'metric' | 'imperial';
  /** Intended use to declare after verifying; null leaves it empty (License page forced). */
  institutionalUse?: string | null;
  /** The profile language chosen at registration (SPEC §3: en or de). */
  language?: 'en' | 'de';
}

let seq = 0;

async function api<T>(server: RunningServer, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  highlight?: string;
  date: string;
}

/** Every mail the server wrote to DATA_DIR/outbox (no SMTP configured), oldest first. */
export async function readOutbox(server: RunningServer): Promise<OutboxMail[]> {
  const dir = join(server.dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMail));
}

/** Waits for a mail to `email` matching `pattern` that was not among the first `skip` mails to that address. */
export async function waitForMail(
  server: RunningServer,
  email: string,
  pattern: RegExp,
  skip = 0,
  timeoutMs = 10_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(server)).filter((m) => m.to === email.toLowerCase()).slice(skip);
    for (const m of mails.reverse()) {
      const hit = pattern.exec(`${m.highlight ?? ''}\n${m.text}`);
      if (hit) return hit;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The latest 6-digit login code mailed to `email`. */
export async function latestCode(server: RunningServer, email: string, skip = 0): Promise<string> {
  return (await waitForMail(server, email, /code=(\d{6})/, skip))[1];
}

export async function mailCount(server: RunningServer, email: string): Promise<number> {
  return (await readOutbox(server)).filter((m) => m.to === email.toLowerCase()).length;
}

/** register → login → code from the outbox → verify → set-institutional-use, all through the real API. */
export async function createVerifiedUser(
  server: RunningServer,
  opts: CreateUserOptions = {},
): Promise<TestUser> {
  seq += 1;
  const username = opts.username ?? `user${Date.now().toString(36)}${seq}`;
  const email = (opts.email ?? `${username}@example.org`).toLowerCase();
  const password = opts.password ?? 'a long enough test password 123';
  const unit = opts.unit ?? 'metric';
  await api(server, '/register/', {
    username,
    email,
    password,
    first_name: 'Test',
    last_name: 'User',
    institution: 'Test University',
    profession: 'Researcher',
    reason: 'Browser tests',
    unit,
    ...(opts.language ? { language: opts.language } : {}),
    privacy_policy: true,
    licensing_agreement: true,
  });
  const before = await mailCount(server, email);
  const login = await api<{
    token: string;
    user_id: string;
    license_start_date: string;
    license_end_date: string;
  }>(server, '/login/', { username, password });
  const code = await latestCode(server, email, before);
  await api(server, '/verify/', { otp_token: code }, login.token);
  const institutionalUse =
    opts.institutionalUse === undefined ? 'research_at_academic' : opts.institutionalUse;
  if (institutionalUse) {
    await api(server, '/set-institutional-use/', { institutional_use: institutionalUse }, login.token);
  }
  return {
    username,
    email,
    password,
    token: login.token,
    userId: login.user_id,
    institutionalUse,
    licenseStartDate: login.license_start_date,
    licenseEndDate: login.license_end_date,
    unit,
  };
}

const AUTH_KEY = 'poselab.auth';
const WEEK_MS = 604_800_000;

/**
 * Signs the browser in as `user`: writes the web app's stored login (apps/web/src/auth/auth-store.ts) on the
 * server's origin. Open any page afterwards with page.goto(`${server.url}/...`).
 */
export async function loginInBrowser(
  page: Page,
  server: RunningServer,
  user: TestUser,
  extra: Record<string, unknown> = {},
): Promise<void> {
  // A same-origin page that does not boot the app, so nothing reads storage before it is written.
  await page.goto(`${server.url}/api/health`);
  const state = {
    token: user.token,
    validUntil: Date.now() + WEEK_MS,
    verified: true,
    username: user.username,
    userId: user.userId,
    institutionalUse: user.institutionalUse,
    licenseStartDate: user.licenseStartDate,
    licenseEndDate: user.licenseEndDate,
    unit: user.unit,
    rememberDeviceAt: null,
    deviceSecret: null,
    allowSyncDownload: false,
    currentSessionId: null,
    ...extra,
  };
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_KEY,
    JSON.stringify(state),
  ] as const);
}

/** A solid-colour PNG (for picture and logo uploads) built without image libraries. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
