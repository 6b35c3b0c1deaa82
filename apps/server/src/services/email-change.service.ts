import { randomUUID } from 'node:crypto';
import { EMAIL_CHANGE_LINK_HOURS, SECURITY_MESSAGES as S } from '@poselab/contract';
import type { AppDeps } from '../deps';
import type { UserAuth } from '../http/auth';
import { badRequest } from '../http/http-error';
import { hashSecret, newSecret } from '../http/tokens';
import { EmailChangeRepository } from '../repositories/email-change.repository';
import { UserRepository, type UserRow } from '../repositories/user.repository';
import { verifyPassword } from './password';
import { RATE_RULES, rateLimiter } from './rate-limit';
import { sendSecurityMail } from './security-mail';

/**
 * Changing the e-mail address, which password resets go to, needs the current password and a link opened
 * from the new address; the old address is told at once (with the way to stop it: a new password cancels the
 * change). The answer is the same whether or not the new address belongs to another account: that account's
 * owner gets a notice instead of a link.
 */

/** Checks the current password (counted per account before the hash runs, like a login). */
export async function assertCurrentPassword(
  deps: AppDeps,
  auth: UserAuth,
  password: string | undefined,
): Promise<void> {
  if (!password) {
    throw badRequest(S.currentPasswordRequired, { current_password: [S.currentPasswordRequired] });
  }
  await rateLimiter(deps).take(RATE_RULES.emailChange, auth.user.id);
  if (!(await verifyPassword(password, auth.user.password_hash))) {
    throw badRequest(S.currentPasswordWrong, { current_password: [S.currentPasswordWrong] });
  }
}

/** Records the change and sends its e-mails; the address itself changes only when the link is opened. */
export async function requestEmailChange(deps: AppDeps, user: UserRow, newEmail: string): Promise<void> {
  const now = deps.clock.now();
  const changes = new EmailChangeRepository(deps.db);
  await changes.cancelAllForUser(user.id, now.toISOString());
  const token = newSecret();
  await changes.insert({
    id: randomUUID(),
    user_id: user.id,
    new_email: newEmail,
    token_hash: hashSecret(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000).toISOString(),
    used_at: null,
  });
  const resetLink = `${deps.config.publicUrl}/reset-password`;
  const owner = await new UserRepository(deps.db).findByEmail(newEmail);
  if (owner && owner.id !== user.id) {
    await sendSecurityMail(deps, 'emailInUse', owner, { link: resetLink });
  } else {
    await sendSecurityMail(
      deps,
      'emailChangeConfirm',
      user,
      { link: `${deps.config.publicUrl}/confirm-email/${token}`, hours: EMAIL_CHANGE_LINK_HOURS },
      newEmail,
    );
  }
  await sendSecurityMail(deps, 'emailChangeOld', user, { newEmail, link: resetLink });
}

/** The address waiting for confirmation, for the owner's profile. */
export async function pendingEmail(deps: AppDeps, userId: string): Promise<string | null> {
  const row = await new EmailChangeRepository(deps.db).findPending(userId, deps.clock.now().toISOString());
  return row?.new_email ?? null;
}

/** The link from the new address: the change takes effect, once, if the address is still free. */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string,
): Promise<{ message: string; email: string }> {
  const changes = new EmailChangeRepository(deps.db);
  const row = await changes.findByHash(hashSecret(token));
  const nowIso = deps.clock.now().toISOString();
  const invalid = badRequest(S.emailChangeLinkInvalid, { token: [S.emailChangeLinkInvalid] });
  if (!row || row.used_at || row.expires_at <= nowIso) throw invalid;
  if (!(await changes.markUsed(row.id, nowIso))) throw invalid;
  const users = new UserRepository(deps.db);
  const owner = await users.findByEmail(row.new_email);
  if (owner && owner.id !== row.user_id) throw invalid;
  try {
    await users.update(row.user_id, { email: row.new_email });
  } catch (err) {
    // Taken between the check and the update: the unique index decides.
    if (/unique|duplicate/i.test(String(err))) throw invalid;
    throw err;
  }
  return { message: S.emailChanged(row.new_email), email: row.new_email };
}
