import { randomInt } from 'node:crypto';
import type { AppDeps } from '../deps';
import { hashSecret } from '../http/tokens';
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

export async function sendOtpMail(deps: AppDeps, user: UserRow, code: string): Promise<void> {
  const text = [
    `Hello ${user.first_name || user.username},`,
    '',
    `Your PoseLab login code is: ${code}`,
    '',
    'It is valid for 10 minutes. If you did not try to log in, change your password.',
  ].join('\n');
  await deps.mailer.send({
    to: user.email,
    subject: `PoseLab login code: ${code}`,
    text,
    html: `<p>Hello ${escapeHtml(user.first_name || user.username)},</p><p>Your PoseLab login code is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It is valid for 10 minutes. If you did not try to log in, change your password.</p>`,
    highlight: `code=${code}`,
  });
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
