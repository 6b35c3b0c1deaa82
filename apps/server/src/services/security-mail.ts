import type { AppDeps } from '../deps';
import { translator } from '../i18n';
import type { UserRow } from '../repositories/user.repository';
import { escapeHtml } from '../mail/templates';

/** A mail of the 'security' catalogue: a subject key and paragraph keys, each filled with the same params. */
interface SecurityMail {
  subject: string;
  paragraphs: string[];
  /** The paragraph holding this link gets it as a clickable link in the HTML part. */
  link?: string;
  /** Printed on the console when mail goes to the outbox. */
  highlight?: string;
}

const MAILS = {
  registerAttempt: {
    subject: 'registerAttempt.subject',
    paragraphs: ['registerAttempt.intro', 'registerAttempt.reset', 'registerAttempt.ignore'],
  },
  emailChangeConfirm: {
    subject: 'emailChange.confirmSubject',
    paragraphs: ['emailChange.confirmIntro', '{{link}}', 'emailChange.confirmIgnore'],
  },
  emailChangeOld: {
    subject: 'emailChange.oldSubject',
    paragraphs: ['emailChange.oldIntro', 'emailChange.oldWarning'],
  },
  emailInUse: {
    subject: 'emailChange.inUseSubject',
    paragraphs: ['emailChange.inUseIntro', 'emailChange.inUseIgnore'],
  },
} satisfies Record<string, SecurityMail>;

export type SecurityMailKind = keyof typeof MAILS;

function linkify(text: string, link: string | undefined): string {
  const escaped = escapeHtml(text);
  if (!link) return escaped;
  const href = escapeHtml(link);
  return escaped.replace(href, `<a href="${href}">${href}</a>`);
}

/**
 * Sends one of the account-security e-mails in the user's language (server catalogue 'security'), to
 * `to` (the user's address unless given: an e-mail change writes to the new address).
 */
export async function sendSecurityMail(
  deps: AppDeps,
  kind: SecurityMailKind,
  user: UserRow,
  params: Record<string, string | number> & { link?: string },
  to: string = user.email,
): Promise<void> {
  const t = translator(user.language, 'security');
  const mail = MAILS[kind];
  const values = { username: user.username, ...params };
  const paragraphs = [
    t('greeting', { name: user.first_name || user.username }),
    ...mail.paragraphs.map((key) => (key === '{{link}}' ? String(params.link ?? '') : t(key, values))),
    t('closing'),
  ];
  await deps.mailer.send({
    to,
    subject: t(mail.subject, values),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${linkify(p, params.link)}</p>`).join(''),
    highlight: params.link,
  });
}
