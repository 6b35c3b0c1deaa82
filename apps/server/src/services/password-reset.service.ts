import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/http-error';
import { hashSecret, newSecret } from '../http/tokens';
import { EmailChangeRepository } from '../repositories/email-change.repository';
import { PasswordResetRepository } from '../repositories/password-reset.repository';
import { RememberedDeviceRepository } from '../repositories/remembered-device.repository';
import { TokenRepository } from '../repositories/token.repository';
import { UserRepository } from '../repositories/user.repository';
import { passwordResetMail } from '../mail/templates';
import { hashPassword } from './password';
import { RATE_RULES, rateLimiter } from './rate-limit';

export const RESET_LINK_VALID_MS = 60 * 60_000;

/**
 * Mails a single-use link valid 1 hour. The link is built from the configured PUBLIC_URL, never from a
 * host the client sends, and the answer is the same whether or not the e-mail exists.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  emailInput: string,
  ip: string,
): Promise<{ message: string }> {
  const email = emailInput.trim().toLowerCase();
  const limiter = rateLimiter(deps);
  await limiter.take(RATE_RULES.resetIp, ip);
  await limiter.take(RATE_RULES.resetAccount, email);
  const user = await new UserRepository(deps.db).findByEmail(email);
  if (user) {
    const now = deps.clock.now();
    const resets = new PasswordResetRepository(deps.db);
    await resets.invalidateAllForUser(user.id, now.toISOString());
    const token = newSecret();
    await resets.insert({
      id: randomUUID(),
      user_id: user.id,
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_LINK_VALID_MS).toISOString(),
      used_at: null,
    });
    const link = `${deps.config.publicUrl}/new-password/${token}`;
    await deps.mailer.send(passwordResetMail(user, link));
  }
  return { message: M.recoveryEmailAnswer };
}

/** Sets the new password, uses up the link, and ends every login and remembered device of the user. */
export async function setNewPassword(
  deps: AppDeps,
  token: string,
  password: string,
): Promise<{ message: string }> {
  const resets = new PasswordResetRepository(deps.db);
  const row = await resets.findByHash(hashSecret(token));
  const nowIso = deps.clock.now().toISOString();
  const invalid = badRequest(M.resetLinkInvalid, { token: [M.resetLinkInvalid] });
  if (!row || row.used_at || row.expires_at <= nowIso) throw invalid;
  if (!(await resets.markUsed(row.id, nowIso))) throw invalid;
  await new UserRepository(deps.db).update(row.user_id, { password_hash: await hashPassword(password) });
  await new TokenRepository(deps.db).revokeAllForUser(row.user_id, nowIso);
  await new RememberedDeviceRepository(deps.db).deleteAllForUser(row.user_id);
  // A new password also stops an e-mail change someone else may have started with the old one.
  await new EmailChangeRepository(deps.db).cancelAllForUser(row.user_id, nowIso);
  return { message: M.passwordChanged };
}
