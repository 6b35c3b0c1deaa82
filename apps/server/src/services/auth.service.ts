import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES as M,
  REMEMBER_DEVICE_MS,
  TOKEN_LIFETIME_MS,
  type LoginResponse,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import type { UserAuth } from '../http/auth';
import { badRequest, HttpError } from '../http/http-error';
import { hashSecret, newSecret } from '../http/tokens';
import { RememberedDeviceRepository } from '../repositories/remembered-device.repository';
import { TokenRepository } from '../repositories/token.repository';
import { UserRepository, type UserRow } from '../repositories/user.repository';
import { hashOtp, newOtpCode, OTP_MAX_WRONG, OTP_RESEND_AFTER_MS, OTP_VALID_MS, sendOtpMail } from './otp';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password';
import { RATE_RULES, rateLimiter, type RateRule } from './rate-limit';

/** Login, the e-mailed second factor, remembered devices and logout (SPEC §4, §7, §9). */

export interface LoginInput {
  username: string;
  password: string;
  remember_device_secret?: string;
}

/**
 * Login. Every attempt is counted before the password hash runs (one statement per counter, so parallel
 * attempts cannot slip past the limit), per account and address, per address, and per account; a login from
 * a remembered device skips the per-account counter, so an account under attack still opens for its owner's
 * known devices. A successful login hands its counts back.
 */
export async function login(deps: AppDeps, input: LoginInput, ip: string): Promise<LoginResponse> {
  const limiter = rateLimiter(deps);
  const users = new UserRepository(deps.db);
  const user = await users.findByLogin(input.username);
  // Username and e-mail name the same account: count them together once the account is known.
  const account = user ? `user:${user.id}` : `login:${input.username.trim().toLowerCase()}`;
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const remembered =
    user && input.remember_device_secret
      ? await new RememberedDeviceRepository(deps.db).findValid(
          user.id,
          hashSecret(input.remember_device_secret),
          nowIso,
        )
      : undefined;
  const counted: Array<[RateRule, string]> = [
    [RATE_RULES.loginPair, `${account}\n${ip}`],
    [RATE_RULES.loginIp, ip],
  ];
  if (!remembered) counted.push([RATE_RULES.loginAccount, account]);
  for (const [rule, key] of counted) await limiter.take(rule, key);
  const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) throw badRequest(M.loginFailed, { non_field_errors: [M.loginFailed] });
  for (const [rule, key] of counted) await limiter.refund(rule, key);
  const token = newSecret();
  const tokenId = randomUUID();
  const code = remembered ? null : newOtpCode();
  await new TokenRepository(deps.db).insert({
    id: tokenId,
    user_id: user.id,
    token_hash: hashSecret(token),
    created_at: nowIso,
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    revoked_at: null,
    otp_verified: remembered ? 1 : 0,
    otp_code_hash: code ? hashOtp(tokenId, code) : null,
    otp_expires_at: code ? new Date(now.getTime() + OTP_VALID_MS).toISOString() : null,
    otp_attempts: 0,
    otp_sent_at: code ? nowIso : null,
  });
  if (code) await sendOtpMail(deps, user, code);
  return {
    token,
    user_id: user.id,
    username: user.username,
    institutional_use: user.institutional_use,
    license_start_date: user.license_start_date,
    license_end_date: user.license_end_date,
    otp_challenge_sent: Boolean(code),
    unit: user.unit === 'imperial' ? 'imperial' : 'metric',
  };
}

export interface VerifyResult {
  otp_verified: true;
  remember_device_secret?: string;
  remember_device_expires_at?: string;
}

export async function verifyCode(
  deps: AppDeps,
  auth: UserAuth,
  input: { otp_token: string; remember_device?: boolean },
  ip: string,
): Promise<VerifyResult> {
  const { token, user } = auth;
  const result: VerifyResult = { otp_verified: true };
  if (!auth.verified) {
    const limiter = rateLimiter(deps);
    await limiter.take(RATE_RULES.verifyIp, ip);
    await limiter.take(RATE_RULES.verifyAccount, user.id);
    const now = deps.clock.now().toISOString();
    const tokens = new TokenRepository(deps.db);
    if (!token.otp_code_hash || !token.otp_expires_at) throw codeError(M.codeExpired);
    if (token.otp_expires_at <= now) throw codeError(M.codeExpired);
    // The try is counted before the code is compared: parallel guesses cannot all use the same count.
    const attempt = await tokens.claimOtpAttempt(token.id, OTP_MAX_WRONG);
    if (attempt === null) throw codeError(M.codeTooManyTries);
    const code = input.otp_token.trim();
    if (hashOtp(token.id, code) !== token.otp_code_hash) {
      throw codeError(attempt >= OTP_MAX_WRONG ? M.codeTooManyTries : M.codeWrong);
    }
    await tokens.update(token.id, { otp_verified: 1, otp_code_hash: null, otp_expires_at: null });
    await limiter.refund(RATE_RULES.verifyIp, ip);
    await limiter.refund(RATE_RULES.verifyAccount, user.id);
  }
  if (input.remember_device) Object.assign(result, await rememberDevice(deps, user));
  return result;
}

function codeError(message: string): HttpError {
  return badRequest(message, { otp_token: [message] });
}

async function rememberDevice(
  deps: AppDeps,
  user: UserRow,
): Promise<{ remember_device_secret: string; remember_device_expires_at: string }> {
  const now = deps.clock.now();
  const secret = newSecret();
  const expires = new Date(now.getTime() + REMEMBER_DEVICE_MS).toISOString();
  const repo = new RememberedDeviceRepository(deps.db);
  await repo.deleteExpired(now.toISOString());
  await repo.insert({
    id: randomUUID(),
    user_id: user.id,
    secret_hash: hashSecret(secret),
    created_at: now.toISOString(),
    expires_at: expires,
  });
  return { remember_device_secret: secret, remember_device_expires_at: expires };
}

/**
 * Sends a new code unless the token is verified or a code went out less than a minute ago and is still
 * valid (the Verify page asks on every load; a fresh code would make the one just mailed useless).
 */
export async function resetOtpChallenge(
  deps: AppDeps,
  auth: UserAuth,
): Promise<{ otp_challenge_sent: boolean; otp_verified: boolean }> {
  if (auth.verified) return { otp_challenge_sent: false, otp_verified: true };
  const { token, user } = auth;
  const now = deps.clock.now();
  const recent =
    token.otp_sent_at &&
    token.otp_expires_at &&
    token.otp_attempts < OTP_MAX_WRONG &&
    now.getTime() - Date.parse(token.otp_sent_at) < OTP_RESEND_AFTER_MS &&
    token.otp_expires_at > now.toISOString();
  if (recent) return { otp_challenge_sent: false, otp_verified: false };
  await rateLimiter(deps).take(RATE_RULES.otpResend, user.id);
  const code = newOtpCode();
  await new TokenRepository(deps.db).update(token.id, {
    otp_code_hash: hashOtp(token.id, code),
    otp_expires_at: new Date(now.getTime() + OTP_VALID_MS).toISOString(),
    otp_attempts: 0,
    otp_sent_at: now.toISOString(),
  });
  await sendOtpMail(deps, user, code);
  return { otp_challenge_sent: true, otp_verified: false };
}

export async function logout(deps: AppDeps, auth: UserAuth): Promise<{ message: string }> {
  await new TokenRepository(deps.db).revoke(auth.token.id, deps.clock.now().toISOString());
  return { message: 'Logged out.' };
}

export async function setInstitutionalUse(deps: AppDeps, auth: UserAuth, use: string): Promise<void> {
  await new UserRepository(deps.db).update(auth.user.id, { institutional_use: use });
}
