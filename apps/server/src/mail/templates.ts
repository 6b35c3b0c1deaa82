import { translator } from '../i18n';
import type { MailMessage } from './mailer';

/** Who a mail goes to: the address, the name to greet and the profile language it is written in. */
export interface MailRecipient {
  email: string;
  first_name: string;
  username: string;
  language: string;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The e-mailed login code (SPEC §2 Verify), in the user's profile language. */
export function otpMail(user: MailRecipient, code: string): MailMessage {
  const t = translator(user.language, 'mail');
  const name = user.first_name || user.username;
  return {
    to: user.email,
    subject: t('otp.subject', { code }),
    text: [
      t('greeting', { name }),
      '',
      `${t('otp.intro')} ${code}`,
      '',
      t('otp.validity'),
      '',
      t('signature'),
    ].join('\n'),
    html:
      `<p>${escapeHtml(t('greeting', { name }))}</p><p>${escapeHtml(t('otp.intro'))}</p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
      `<p>${escapeHtml(t('otp.validity'))}</p><p>${escapeHtml(t('signature'))}</p>`,
    highlight: `code=${code}`,
  };
}

/** The password reset link with the username (SPEC §2 Reset password), in the user's profile language. */
export function passwordResetMail(user: MailRecipient, link: string): MailMessage {
  const t = translator(user.language, 'mail');
  const name = user.first_name || user.username;
  return {
    to: user.email,
    subject: t('reset.subject'),
    text: [
      t('greeting', { name }),
      '',
      t('reset.username', { username: user.username }),
      t('reset.open'),
      link,
      '',
      t('reset.ignore'),
      '',
      t('signature'),
    ].join('\n'),
    html:
      `<p>${escapeHtml(t('greeting', { name }))}</p>` +
      `<p>${escapeHtml(t('reset.username', { username: user.username }))}</p>` +
      `<p>${escapeHtml(t('reset.open'))}</p><p><a href="${link}">${link}</a></p>` +
      `<p>${escapeHtml(t('reset.ignore'))}</p><p>${escapeHtml(t('signature'))}</p>`,
    highlight: link,
  };
}
