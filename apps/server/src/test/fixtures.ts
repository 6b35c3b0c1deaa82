import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { hashSecret, newSecret } from '../http/tokens';
import { TokenRepository } from '../repositories/token.repository';
import { UserRepository, type UserRow } from '../repositories/user.repository';
import { TOKEN_LIFETIME_MS, TRIAL_LICENSE_DAYS } from '@poselab/contract';

/**
 * Inserts a user and a token directly (no e-mail round trip), for tests of features behind login.
 * The password hash is a placeholder that no password matches.
 */
export async function createUserWithToken(
  deps: AppDeps,
  overrides: Partial<UserRow> = {},
  opts: { verified?: boolean } = {},
): Promise<{ user: UserRow; token: string; authorization: string }> {
  const now = deps.clock.now();
  const id = randomUUID();
  const username = overrides.username ?? `user_${id.slice(0, 8)}`;
  const user: UserRow = {
    id,
    username,
    email: `${username}@example.org`,
    password_hash: 'scrypt$unusable',
    first_name: 'Test',
    last_name: 'User',
    institution: 'Test University',
    profession: 'Researcher',
    reason: 'Testing',
    website: '',
    country: 'US',
    language: 'en',
    unit: 'metric',
    newsletter: 1,
    institutional_use: 'research_at_academic',
    license_start_date: now.toISOString().slice(0, 10),
    license_end_date: new Date(now.getTime() + TRIAL_LICENSE_DAYS * 86_400_000).toISOString().slice(0, 10),
    profile_picture_key: null,
    logo_key: null,
    created_at: now.toISOString(),
    show_email: 0,
    ...overrides,
  };
  await new UserRepository(deps.db).insert(user);
  const token = newSecret();
  await new TokenRepository(deps.db).insert({
    id: randomUUID(),
    user_id: id,
    token_hash: hashSecret(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    revoked_at: null,
    otp_verified: opts.verified === false ? 0 : 1,
    otp_code_hash: null,
    otp_expires_at: null,
    otp_attempts: 0,
    otp_sent_at: null,
  });
  return { user, token, authorization: `Token ${token}` };
}
