import { randomInt } from 'node:crypto';
import type { AppDeps } from '../deps';
import { hashSecret } from '../http/tokens';
import { otpMail } from '../mail/templates';
import type { UserRow } from '../repositories/user.repository';

/** SPEC: the e-mailed code has 6 digits, is valid 10 minutes and allows 5 wrong tries. */
export const OTP_VALID_MS = 10 * 60_000;
export const OTP_MAX_WRONG = 5;
/** A re-send within this time keeps the code already sent (the Verify page asks on load, SPEC §4). */
export const OTP_RESEND_AFTER_MS = 60_000;

export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are hashed with the token id, so one code's hash says nothing about another token's. */
export function hashOtp(tokenId: string, code: string): string {
  return hashSecret(`${tokenId}:${code}`);
}

/** Mails the code in the user's profile language (mail/templates.ts). */
export async function sendOtpMail(deps: AppDeps, user: UserRow, code: string): Promise<void> {
  await deps.mailer.send(otpMail(user, code));
}
