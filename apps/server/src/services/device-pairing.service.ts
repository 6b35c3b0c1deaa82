import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { DeviceCapabilities } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { conflict, forbidden } from '../http/http-error';
import { hashSecret, newSecret } from '../http/tokens';
import { DeviceRepository, type DeviceRow } from '../repositories/device.repository';
import { SessionRepository } from '../repositories/session.repository';
import { RATE_RULES, rateLimiter } from './rate-limit';
import { sessionFramerate } from './recording.service';

/** Phones one session may pair (a leaked QR code cannot fill the database). */
export const MAX_DEVICES_PER_SESSION = 32;

const INVALID_PAIRING = 'This pairing code is not valid. Scan the QR code on the researcher’s screen again.';

function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  return timingSafeEqual(Buffer.from(hashSecret(a), 'hex'), Buffer.from(hashSecret(b), 'hex'));
}

/** Pairs a phone with the secret from the QR URL: a device row and a token only the phone holds. */
export async function pairDevice(
  deps: AppDeps,
  input: { session_id: string; secret: string; model: string; capabilities: DeviceCapabilities },
  userAgent: string,
  ip: string,
): Promise<{ device_token: string; device_id: string; session_id: string; name: string }> {
  // Every pairing call counts per address, and so does every wrong secret (the secret has 192 bits; this
  // keeps guessing and device-row spam out); both are counted before the secret is looked at.
  const limiter = rateLimiter(deps);
  await limiter.take(RATE_RULES.pairIp, ip);
  await limiter.take(RATE_RULES.pairFailIp, ip);
  const session = await new SessionRepository(deps.db).findById(input.session_id);
  if (
    !session ||
    session.trashed === 1 ||
    session.removed_at ||
    !sameSecret(input.secret, session.pairing_secret)
  ) {
    throw forbidden(INVALID_PAIRING);
  }
  await limiter.refund(RATE_RULES.pairFailIp, ip);
  const devices = new DeviceRepository(deps.db);
  const count = await devices.countBySession(session.id);
  if (count >= MAX_DEVICES_PER_SESSION) {
    throw conflict(`This session already has ${count} paired phones. Start a new session to pair more.`);
  }
  const name = `Camera ${count + 1}`;
  const token = newSecret();
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await devices.insert({
    id,
    session_id: session.id,
    token_hash: hashSecret(token),
    name,
    model: input.model.slice(0, 200),
    user_agent: userAgent.slice(0, 500),
    capabilities: JSON.stringify(input.capabilities),
    last_seen_at: now,
    created_at: now,
  });
  return { device_token: token, device_id: id, session_id: session.id, name };
}

/**
 * A phone's token lives while its session can record (neither trashed nor removed) and the phone was heard
 * from within a day; each use keeps it alive. Trashing a session ends its tokens for good.
 */
export const DEVICE_TOKEN_IDLE_MS = 24 * 3_600_000;
/** Activity is written down at most this often. */
const TOUCH_EVERY_MS = 60_000;

function idleSince(deps: AppDeps): string {
  return new Date(deps.clock.now().getTime() - DEVICE_TOKEN_IDLE_MS).toISOString();
}

/** The device behind a live token (HTTP calls and the WebSocket hello), or undefined; the use counts. */
export async function deviceByToken(deps: AppDeps, token: string): Promise<DeviceRow | undefined> {
  const devices = new DeviceRepository(deps.db);
  const device = await devices.findLiveByTokenHash(hashSecret(token), idleSince(deps));
  if (device) await touchDevice(deps, device.id);
  return device;
}

/** Records that the phone was heard from (throttled). */
export async function touchDevice(deps: AppDeps, deviceId: string): Promise<void> {
  const now = deps.clock.now();
  await new DeviceRepository(deps.db).touchIfOlder(
    deviceId,
    now.toISOString(),
    new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
  );
}

/** Whether a connected phone's token still lives (its socket asks now and then). */
export function deviceTokenLive(deps: AppDeps, deviceId: string): Promise<boolean> {
  return new DeviceRepository(deps.db).isLive(deviceId, idleSince(deps));
}

export async function deviceInfo(
  deps: AppDeps,
  deviceId: string,
): Promise<{ device_id: string; session_id: string; name: string; framerate: number }> {
  const device = await new DeviceRepository(deps.db).findById(deviceId);
  if (!device) throw forbidden(INVALID_PAIRING);
  const session = await new SessionRepository(deps.db).findById(device.session_id);
  return {
    device_id: device.id,
    session_id: device.session_id,
    name: device.name,
    framerate: session ? sessionFramerate(session) : 60,
  };
}
