import type { FastifyRequest } from 'fastify';
import type { AuthMode } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { TokenRepository, type TokenRow } from '../repositories/token.repository';
import { UserRepository, type UserRow } from '../repositories/user.repository';
import { deviceByToken } from '../services/device-pairing.service';
import { hashSecret, readAuthorization } from './tokens';
import { forbidden, unauthorized } from './http-error';

export interface UserAuth {
  kind: 'user';
  user: UserRow;
  token: TokenRow;
  verified: boolean;
}
export interface DeviceAuth {
  kind: 'device';
  deviceId: string;
  sessionId: string;
}
export interface WorkerAuth {
  kind: 'worker';
  workerTokenId: string;
}
export type Auth = UserAuth | DeviceAuth | WorkerAuth | null;

/** Finds the user behind 'Authorization: Token …'; expired or revoked tokens count as none. */
export async function resolveUserToken(deps: AppDeps, header: string | undefined): Promise<UserAuth | null> {
  const secret = readAuthorization(header, 'Token');
  if (!secret) return null;
  const token = await new TokenRepository(deps.db).findByHash(hashSecret(secret));
  if (!token || token.revoked_at || token.expires_at <= deps.clock.now().toISOString()) return null;
  const user = await new UserRepository(deps.db).findById(token.user_id);
  if (!user) return null;
  return { kind: 'user', user, token, verified: token.otp_verified === 1 };
}

/** A phone's token counts only while it lives (device-pairing.service.ts: session active, a day idle). */
async function resolveDevice(deps: AppDeps, header: string | undefined): Promise<DeviceAuth | null> {
  const secret = readAuthorization(header, 'Device');
  if (!secret) return null;
  const device = await deviceByToken(deps, secret);
  return device ? { kind: 'device', deviceId: device.id, sessionId: device.session_id } : null;
}

async function resolveWorker(deps: AppDeps, header: string | undefined): Promise<WorkerAuth | null> {
  const secret = readAuthorization(header, 'Worker');
  if (!secret) return null;
  const row = await deps.db
    .selectFrom('worker_tokens')
    .select('id')
    .where('token_hash', '=', hashSecret(secret))
    .executeTakeFirst();
  return row ? { kind: 'worker', workerTokenId: row.id } : null;
}

/** Enforces an endpoint's auth mode and returns who is calling. */
export async function authenticate(deps: AppDeps, req: FastifyRequest, mode: AuthMode): Promise<Auth> {
  const header = req.headers.authorization;
  switch (mode) {
    case 'public':
      return null;
    case 'optionalUser': {
      const auth = await resolveUserToken(deps, header);
      return auth?.verified ? auth : null;
    }
    case 'unverifiedUser': {
      const auth = await resolveUserToken(deps, header);
      if (!auth) throw unauthorized(header ? 'Invalid token.' : undefined);
      return auth;
    }
    case 'user': {
      const auth = await resolveUserToken(deps, header);
      if (!auth) throw unauthorized(header ? 'Invalid token.' : undefined);
      if (!auth.verified) throw forbidden('Enter the code sent to your e-mail first.');
      return auth;
    }
    case 'device': {
      const auth = await resolveDevice(deps, header);
      if (!auth) throw unauthorized('A paired device token is required.');
      return auth;
    }
    case 'worker': {
      const auth = await resolveWorker(deps, header);
      if (!auth) throw unauthorized('A worker token is required.');
      return auth;
    }
  }
}
